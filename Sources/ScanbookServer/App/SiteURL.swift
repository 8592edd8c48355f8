import Foundation
import Vapor

/// An address of the site: routes are registered from it, pages get their links from it, and tests
/// request it, so a path is spelled exactly once. `SiteURL` holds the platform's; each module keeps its
/// own enums (`ModuleURL`, `APIPath`) in its folder.
protocol SitePath: Sendable {
    /// Path components for route registration; a nil id becomes the route parameter.
    var pathComponents: [PathComponent] { get }
}

extension SitePath {
    var path: String {
        "/" + pathComponents.map(\.description).joined(separator: "/")
    }

    /// The path with a query string, e.g. `?month=2025-06`.
    func path(query: [(String, String)]) -> String {
        var components = URLComponents()
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return query.isEmpty ? path : path + "?" + (components.percentEncodedQuery ?? "")
    }
}

/// A module's pages, under `/<module>`.
protocol ModuleURL: SitePath {
    static var module: Module { get }
    /// The components after the module's own.
    var pagePathComponents: [PathComponent] { get }
}

extension ModuleURL {
    var pathComponents: [PathComponent] { [.constant(Self.module.rawValue)] + pagePathComponents }
}

/// JSON API operations, under `/api/v1`: the platform's `APIRoute` and each module's.
protocol APIPath: SitePath {
    /// The components after `/api/v1`.
    var routePathComponents: [PathComponent] { get }
}

extension APIPath {
    var pathComponents: [PathComponent] { ["api", "v1"] + routePathComponents }
}

/// The platform's web and API addresses (accounts, captures, blobs, health).
enum SiteURL: SitePath, Equatable {
    case home
    case login
    case register
    case logout
    case settings
    case changePassword
    case language
    case currency
    case avatar
    case apiTokens
    case revokeAPIToken(id: UUID?)
    case blob(id: UUID?)
    case module(Module)
    case captures
    case capture(id: UUID?)
    case healthz
    case readyz

    var pathComponents: [PathComponent] {
        switch self {
        case .home: []
        case .login: ["login"]
        case .register: ["register"]
        case .logout: ["logout"]
        case .settings: ["settings"]
        case .changePassword: ["settings", "password"]
        case .language: ["settings", "language"]
        case .currency: ["settings", "currency"]
        case .avatar: ["settings", "avatar"]
        case .apiTokens: ["settings", "tokens"]
        case .revokeAPIToken(let id): ["settings", "tokens", id.pathComponent(.token), "revoke"]
        case .blob(let id): ["blobs", id.pathComponent(.blob)]
        case .module(let module): [.constant(module.rawValue)]
        case .captures: ["captures"]
        case .capture(let id): ["captures", id.pathComponent(.capture)]
        case .healthz: ["healthz"]
        case .readyz: ["readyz"]
        }
    }
}

/// The platform's JSON API under `/api/v1`; the OpenAPI document lists the same paths (a test checks).
enum APIRoute: APIPath, Equatable {
    case register
    case login
    case me
    case tokens
    case token(id: UUID?)
    case captures
    case capture(id: UUID?)
    case openAPI

    var routePathComponents: [PathComponent] {
        switch self {
        case .register: ["register"]
        case .login: ["login"]
        case .me: ["me"]
        case .tokens: ["tokens"]
        case .token(let id): ["tokens", id.pathComponent(.token)]
        case .captures: ["captures"]
        case .capture(let id): ["captures", id.pathComponent(.capture)]
        case .openAPI: ["openapi.yaml"]
        }
    }
}

/// A module's name: its address (`/<name>`), menu entry, its texts' keys (`module_<name>`) and
/// what `SCANBOOK_DISABLED_MODULES` names. Each module declares its own beside its addresses.
struct Module: RawRepresentable, Hashable, Sendable, Encodable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }
}
