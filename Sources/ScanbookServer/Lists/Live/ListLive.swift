import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// What an open list page is told over its WebSocket (`/lists/<id>/live`), as one JSON text frame:
/// `{"list": "<uuid>", "change": "items" | "members" | "list" | "expenses" | "deleted", "by": "<user uuid>", "at": "<ISO 8601>"}`.
/// The page then fetches what changed; the socket itself never carries list contents.
struct ListChange: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        /// Items added, edited, checked off, restored, deleted or cleared.
        case items
        /// Someone joined, was invited, left or was removed.
        case members
        /// Renamed.
        case list
        /// An expense added or deleted, or a payment recorded.
        case expenses
        /// The list is gone.
        case deleted
    }

    let list: UUID
    let change: Kind
    let by: UUID
    let at: Date
}

/// The sockets of open list pages, by list. A socket is accepted only for a member, and every
/// message it sends re-checks membership and the session; removing a member closes their sockets
/// at once, and so does signing out (or a password change, for the user's other sessions).
final class ListLive: Sendable {
    private struct Connection {
        let user: UUID
        /// The hash of the signed-in session the socket was opened with.
        let session: String?
        let socket: WebSocket
    }

    private let connections = NIOLockedValueBox<[UUID: [ObjectIdentifier: Connection]]>([:])
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    func join(list: UUID, user: UUID, session: String?, socket: WebSocket) {
        connections.withLockedValue { $0[list, default: [:]][ObjectIdentifier(socket)] = Connection(user: user, session: session, socket: socket) }
        socket.onClose.whenComplete { [weak self] _ in self?.leave(list: list, socket: socket) }
    }

    func leave(list: UUID, socket: WebSocket) {
        connections.withLockedValue { $0[list]?[ObjectIdentifier(socket)] = nil }
    }

    /// How many sockets are open on a list (tests and benchmarks wait for them).
    func count(list: UUID) -> Int {
        connections.withLockedValue { $0[list]?.count ?? 0 }
    }

    /// Tells every open page of the list; sends without waiting (a slow client slows no request).
    func announce(_ change: ListChange) {
        guard let text = try? String(decoding: encoder.encode(change), as: UTF8.self) else { return }
        let sockets = connections.withLockedValue { $0[change.list].map { Array($0.values) } ?? [] }
        for connection in sockets where !connection.socket.isClosed {
            connection.socket.send(text, promise: nil)
        }
        if change.change == .deleted { sockets.forEach { _ = $0.socket.close(code: .goingAway) } }
    }

    /// Closes a removed member's sockets on that list.
    func disconnect(user: UUID, from list: UUID) {
        let sockets = connections.withLockedValue { $0[list].map { Array($0.values) } ?? [] }
        for connection in sockets where connection.user == user {
            _ = connection.socket.close(code: .policyViolation)
        }
    }

    /// Closes the sockets opened by one session (it signed out).
    func disconnect(session: String) {
        close { $0.session == session }
    }

    /// Closes a user's sockets of every session but `keeping` (their password changed).
    func disconnect(user: UUID, keeping session: String?) {
        close { $0.user == user && ($0.session == nil || $0.session != session) }
    }

    private func close(where matches: (Connection) -> Bool) {
        let sockets = connections.withLockedValue { $0.values.flatMap { $0.values.filter(matches) } }
        sockets.forEach { _ = $0.socket.close(code: .policyViolation) }
    }
}

extension Application {
    private struct ListLiveKey: StorageKey { typealias Value = ListLive }

    /// Created once at configuration, like the capture workers.
    var listLive: ListLive {
        get { storage[ListLiveKey.self]! }
        set { storage[ListLiveKey.self] = newValue }
    }
}

extension Request {
    /// Announces a change of `list` made by the signed-in user.
    func announce(_ kind: ListChange.Kind, on list: ShoppingList) {
        guard let listID = list.id, let userID = auth.get(User.self)?.id else { return }
        application.listLive.announce(ListChange(list: listID, change: kind, by: userID, at: now))
    }
}

/// `GET /lists/<id>/live` (WebSocket): members only (404 otherwise, as for every list URL).
enum ListLiveController {
    /// Membership is checked before the upgrade, so a stranger gets an ordinary 404 response.
    @Sendable static func connect(_ request: Request) async throws -> Response {
        // A page on another site could otherwise open this socket with the user's cookie.
        guard originAllowed(request) else { throw Abort(.forbidden) }
        _ = try await ListService.find(request.id(.list), on: request)
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

    @Sendable static func onUpgrade(_ request: Request, _ socket: WebSocket) async {
        guard let listID = request.id(.list), let userID = request.auth.get(User.self)?.id else {
            try? await socket.close(code: .policyViolation)
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
