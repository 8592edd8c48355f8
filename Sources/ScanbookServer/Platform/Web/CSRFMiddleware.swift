import Crypto
import Foundation
import Vapor

/// Synchronizer-token CSRF protection for the cookie-authenticated web pages: every state-changing
/// form carries the session's token in a hidden `csrf` field (or an `X-CSRF-Token` header), and a
/// POST without the matching token is refused before its handler runs. The API does not use
/// cookies, so it needs no token.
struct CSRFMiddleware: AsyncMiddleware {
    static let field = "csrf"
    static let header = "X-CSRF-Token"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method != .GET, request.method != .HEAD else {
            return try await next.respond(to: request)
        }
        let expected = request.hasSession ? request.session.data[Self.field] : nil
        var sent = request.headers.first(name: Self.header)
        if sent == nil {
            // A large upload is still streaming in when middleware runs; the token is in the body.
            if request.body.data == nil {
                _ = try await request.body.collect(max: request.scanbookConfig.maxUploadBytes + 1_000_000).get()
            }
            sent = try? request.content.get(String.self, at: Self.field)
        }
        guard let expected, let sent, Self.constantTimeEqual(expected, sent) else {
            throw Abort(.forbidden, reason: request.text("error_csrf"))
        }
        return try await next.respond(to: request)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension Request {
    /// The session's CSRF token, created on first use (which also starts the session).
    var csrfToken: String {
        if let token = session.data[CSRFMiddleware.field] { return token }
        let token = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
        session.data[CSRFMiddleware.field] = token
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
