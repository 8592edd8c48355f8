import Fluent
import Vapor

/// `/api/v1` account endpoints. Errors answer as JSON through `ScanbookErrorMiddleware`.
enum AccountAPIController {
    @Sendable static func register(_ request: Request) async throws -> Response {
        guard request.scanbookConfig.registrationOpen else { throw UserFacingError(.forbidden, "register_closed") }
        let body = try request.content.decode(RegisterRequest.self)
        let user = try await request.accounts.register(.init(name: body.name, email: body.email, password: body.password, client: request.clientKey, locale: request.locale))
        return try await UserDTO(user, defaultCurrency: request.scanbookConfig.defaultCurrency).encodeResponse(status: .created, for: request)
    }

    @Sendable static func login(_ request: Request) async throws -> Response {
        let body = try request.content.decode(LoginRequest.self)
        let user = try await request.accounts.authenticate(email: body.email, password: body.password, client: request.clientKey, now: request.now)
        let (token, secret) = try await APITokenService.create(for: user, name: body.tokenName ?? "API login", on: request.db)
        return try await CreatedTokenDTO(id: token.requireID(), name: token.name, token: secret, user: UserDTO(user, defaultCurrency: request.scanbookConfig.defaultCurrency))
            .encodeResponse(status: .created, for: request)
    }

    @Sendable static func me(_ request: Request) async throws -> UserDTO {
        try UserDTO(request.auth.require(User.self), defaultCurrency: request.scanbookConfig.defaultCurrency)
    }

    @Sendable static func listTokens(_ request: Request) async throws -> [TokenDTO] {
        let user = try request.auth.require(User.self)
        return try await APIToken.query(on: request.db)
            .filter(\.$user.$id == user.requireID()).sort(\.$createdAt, .descending).all()
            .map(TokenDTO.init)
    }

    @Sendable static func createToken(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let body = try request.content.decode(CreateTokenRequest.self)
        let (token, secret) = try await APITokenService.create(for: user, name: body.name, on: request.db)
        return try await CreatedTokenDTO(id: token.requireID(), name: token.name, token: secret, user: UserDTO(user, defaultCurrency: request.scanbookConfig.defaultCurrency))
            .encodeResponse(status: .created, for: request)
    }

    @Sendable static func deleteToken(_ request: Request) async throws -> HTTPStatus {
        let user = try request.auth.require(User.self)
        let token = try await APIToken.find(request.id(.token), ownedBy: user, on: request.db)
        try await token.delete(on: request.db)
        return .noContent
    }

    /// The API's OpenAPI document, without the operations of disabled modules.
    @Sendable static func openAPIDocument(_ request: Request) async throws -> Response {
        let response = Response(status: .ok, body: .init(string: request.application.openAPIDocument))
        response.headers.replaceOrAdd(name: .contentType, value: "application/yaml; charset=utf-8")
        return response
    }
}
