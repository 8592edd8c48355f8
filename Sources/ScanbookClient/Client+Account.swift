import Foundation
import OpenAPIRuntime

extension Client {
    /// Exchanges e-mail and password for a new API token (named `tokenName` in the web settings).
    public func login(email: String, password: String, tokenName: String? = nil) async throws -> Components.Schemas.CreatedToken {
        switch try await postApiV1Login(body: .json(.init(email: email, password: password, tokenName: tokenName))) {
        case .created(let created): return try created.body.json
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .tooManyRequests(let refused): throw ScanbookError(status: 429, reason: (try? refused.body.json.reason) ?? "too many attempts")
        case .badRequest(let error): throw ScanbookError.documented(400, error)
        case .unsupportedMediaType(let error): throw ScanbookError.documented(415, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }

    /// The signed-in user: a cheap check that a token works.
    public func me() async throws -> Components.Schemas.User {
        switch try await getApiV1Me() {
        case .ok(let ok): try ok.body.json
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }
}
