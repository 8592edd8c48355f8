import Crypto
import Foundation
import Vapor

/// Synchronizer-token CSRF protection for the cookie-authenticated web pages: every state-changing
/// form carries a token in a hidden `csrf` field (or an `X-CSRF-Token` header), and a POST without
/// the matching token is refused before its handler runs. A signed-in browser's token lives in its
/// session; a visitor (log-in, registration, language) has no session, so their token is a
/// cookie of its own that the form must repeat (double submit). The API does not use cookies,
/// so it needs no token.
struct CSRFMiddleware: AsyncMiddleware {
    static let field = "csrf"
    static let header = "X-CSRF-Token"
    static let visitorCookie = "scanbook-csrf"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method != .GET, request.method != .HEAD else {
            return try await next.respond(to: request)
        }
        let expected = request.hasSignedInSession
            ? request.session.data[Self.field]
            : request.cookies[Self.visitorCookie]?.string
        // `BodyGateMiddleware` has read the body already, within this route's own limit.
        let sent = request.headers.first(name: Self.header) ?? (try? request.content.get(String.self, at: Self.field))
        guard let expected, !expected.isEmpty, let sent, Self.constantTimeEqual(expected, sent) else {
            throw Abort(.forbidden, reason: request.text("error_csrf"))
        }
        return try await next.respond(to: request)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func newToken() -> String {
        Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
    }
}

/// Sets the visitor's CSRF cookie when a page minted one (see `Request.csrfToken`).
struct VisitorCSRFCookieMiddleware: AsyncMiddleware {
    let secure: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let minted = request.storage[MintedVisitorToken.self] {
            response.cookies[CSRFMiddleware.visitorCookie] = HTTPCookies.Value(
                string: minted, path: "/", isSecure: secure, isHTTPOnly: true, sameSite: .strict
            )
        }
        return response
    }
}

private struct MintedVisitorToken: StorageKey {
    typealias Value = String
}

extension Request {
    /// The token this request's forms carry: the signed-in session's (created on first use), or
    /// the visitor's cookie token (minted when the browser has none yet).
    var csrfToken: String {
        if hasSignedInSession {
            if let token = session.data[CSRFMiddleware.field] { return token }
            let token = CSRFMiddleware.newToken()
            session.data[CSRFMiddleware.field] = token
            return token
        }
        if let minted = storage[MintedVisitorToken.self] { return minted }
        if let cookie = cookies[CSRFMiddleware.visitorCookie]?.string, (32...64).contains(cookie.utf8.count) { return cookie }
        let token = CSRFMiddleware.newToken()
        storage[MintedVisitorToken.self] = token
        return token
    }
}

extension Data {
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
