import Fluent
import Vapor

/// Logs in the owner of a valid `Authorization: Bearer sbk_…` token.
struct APITokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard bearer.token.hasPrefix(APITokenService.prefix),
              let token = try await APIToken.query(on: request.db)
                .filter(\.$tokenHash == APITokenService.digest(bearer.token))
                .with(\.$user).first()
        else { return }
        // Recording every use would write on every request; a minute's precision is enough.
        if token.lastUsedAt.map({ request.now.timeIntervalSince($0) > 60 }) ?? true {
            token.lastUsedAt = request.now
            try await token.save(on: request.db)
        }
        request.auth.login(token.user)
    }
}
