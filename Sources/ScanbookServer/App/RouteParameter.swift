import Foundation
import Vapor

/// The named parameters of route paths. The URL enums print a link with the id itself or, when a
/// route is registered, the pattern with this name; handlers read the value back by the same case,
/// so a name is written once.
struct RouteParameter: RawRepresentable, Hashable, Sendable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The platform's parameters; each module declares its own beside its addresses.
extension RouteParameter {
    static let blob = RouteParameter("blobID"), capture = RouteParameter("captureID")
    static let token = RouteParameter("tokenID"), user = RouteParameter("userID")
    /// Not an id: the secret of a password reset link.
    static let resetToken = RouteParameter("resetToken")
}

extension Optional where Wrapped == UUID {
    /// The id itself in a link, or the route parameter when registering the route.
    func pathComponent(_ parameter: RouteParameter) -> PathComponent {
        map { .constant($0.uuidString) } ?? .parameter(parameter.rawValue)
    }
}

extension Request {
    /// The id a route parameter names, nil when it is not a UUID (the handler answers 404).
    func id(_ parameter: RouteParameter) -> UUID? {
        parameters.get(parameter.rawValue, as: UUID.self)
    }

    /// A route parameter as text (`email`, `month`).
    func text(_ parameter: RouteParameter) -> String? {
        parameters.get(parameter.rawValue)
    }
}
