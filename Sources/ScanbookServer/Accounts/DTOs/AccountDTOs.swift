import Foundation
import Vapor

/// The API's view of an account; the Fluent model never leaves the server.
struct UserDTO: Content {
    let id: UUID
    let name: String
    let email: String
    let isAdmin: Bool
    let locale: String?
    /// The home currency, the server's default until the person chooses one.
    let currency: String
    let avatarURL: String?
    let createdAt: Date?

    init(_ user: User, defaultCurrency: String) throws {
        id = try user.requireID()
        name = user.name
        email = user.email
        isAdmin = user.isAdmin
        locale = user.locale
        currency = user.currency ?? defaultCurrency
        avatarURL = user.$avatar.id.map { SiteURL.blob(id: $0).path }
        createdAt = user.createdAt
    }
}

struct RegisterRequest: Content {
    let name: String
    let email: String
    let password: String
}

struct LoginRequest: Content {
    let email: String
    let password: String
    /// Shown in the token list; defaults to "API login".
    let tokenName: String?
}

struct CreateTokenRequest: Content {
    let name: String
}

struct TokenDTO: Content {
    let id: UUID
    let name: String
    let createdAt: Date?
    let lastUsedAt: Date?

    init(_ token: APIToken) throws {
        id = try token.requireID()
        name = token.name
        createdAt = token.createdAt
        lastUsedAt = token.lastUsedAt
    }
}

/// The only time a token's secret is returned.
struct CreatedTokenDTO: Content {
    let id: UUID
    let name: String
    let token: String
    let user: UserDTO
}
