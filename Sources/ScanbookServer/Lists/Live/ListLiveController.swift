import Fluent
import Foundation
import Vapor

/// `GET /lists/<id>/live` (WebSocket): members only (404 otherwise, as for every list URL).
enum ListLiveController {
    /// Membership is checked before the upgrade, so a stranger gets an ordinary 404 response.
    @Sendable static func connect(_ request: Request) async throws -> Response {
        // A page on another site could otherwise open this socket with the user's cookie.
        guard originAllowed(request) else { throw Abort(.forbidden) }
        _ = try await ListService.find(request.id(.list), on: request.context)
        return request.webSocket(onUpgrade: onUpgrade)
    }

    /// Browsers always send Origin on a WebSocket handshake: it must be this server, as the public
    /// URL names it or as the request addressed it. Clients without Origin are not browsers.
    static func originAllowed(_ request: Request) -> Bool {
        guard let origin = request.headers.first(name: .origin) else { return true }
        if let publicURL = request.scanbookConfig.publicURL, let expected = URLComponents(string: publicURL),
           let scheme = expected.scheme, let host = expected.host {
            let port = expected.port.map { ":\($0)" } ?? ""
            if origin.lowercased() == "\(scheme)://\(host)\(port)".lowercased() { return true }
        }
        guard let host = request.headers.first(name: .host), let separator = origin.range(of: "://") else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }

    /// Synchronous on purpose: it runs on the socket's event loop as the upgrade completes, so the
    /// text handler is in place before the page's first frame can arrive (an async handler starts
    /// later, and a frame arriving before it would be dropped).
    @Sendable static func onUpgrade(_ request: Request, _ socket: WebSocket) {
        guard let listID = request.id(.list), let userID = request.auth.get(User.self)?.id else {
            _ = socket.close(code: .policyViolation)
            return
        }
        let live = request.application.listLive
        let database = request.application.db
        let session = request.signedInSessionHash
        live.join(list: listID, user: userID, session: session, socket: socket)
        // Pages send "ping" now and then; each message is a moment to check that the user still
        // belongs and is still signed in (the session may have ended on another instance).
        socket.onText { socket, _ in
            let member = (try? await ListMembership.query(on: database).filter(\.$list.$id == listID).filter(\.$user.$id == userID).count()) ?? 0
            var signedIn = true
            if let session { signedIn = ((try? await SignedInSession.query(on: database).filter(\.$tokenHash == session).count()) ?? 0) > 0 }
            if member == 0 || !signedIn { try? await socket.close(code: .policyViolation) } else { try? await socket.send("pong") }
        }
    }
}
