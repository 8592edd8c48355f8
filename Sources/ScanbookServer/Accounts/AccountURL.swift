import Foundation
import Vapor

/// The accounts' addresses beyond the platform's `SiteURL`: password reset by e-mail and the
/// administrators' users page.
enum AccountURL: SitePath, Equatable {
    case forgotPassword
    /// nil: the route pattern; the link carries the secret itself.
    case resetPassword(token: String?)
    case users
    case userPassword(id: UUID?)
    /// The administrators' exchange-rate table (GET shows it, POST imports a CSV).
    case exchangeRates

    var pathComponents: [PathComponent] {
        switch self {
        case .forgotPassword: ["password", "forgot"]
        case .resetPassword(let token): ["password", "reset", token.map { .constant($0) } ?? .parameter(RouteParameter.resetToken.rawValue)]
        case .users: ["admin", "users"]
        case .userPassword(let id): ["admin", "users", id.pathComponent(.user), "password"]
        case .exchangeRates: ["admin", "rates"]
        }
    }
}
