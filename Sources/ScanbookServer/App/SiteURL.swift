import Foundation
import Vapor

/// Every web and API address in one place: routes are registered from these, pages get their links
/// from them, and tests request them, so a path is spelled exactly once.
enum SiteURL: Sendable, Equatable {
    case home
    case login
    case register
    case logout
    case settings
    case changePassword
    case language
    case avatar
    case apiTokens
    case revokeAPIToken(id: UUID?)
    case blob(id: UUID?)
    case module(Module)
    case captures
    case capture(id: UUID?)
    case receipts(ReceiptsURL)
    case meters(MetersURL)
    case lists(ListsURL)
    case healthz
    case readyz
    case api(APIRoute)

    /// Path components for route registration; a nil id becomes the route parameter.
    var pathComponents: [PathComponent] {
        switch self {
        case .home: []
        case .login: ["login"]
        case .register: ["register"]
        case .logout: ["logout"]
        case .settings: ["settings"]
        case .changePassword: ["settings", "password"]
        case .language: ["settings", "language"]
        case .avatar: ["settings", "avatar"]
        case .apiTokens: ["settings", "tokens"]
        case .revokeAPIToken(let id): ["settings", "tokens", id.pathComponent(.token), "revoke"]
        case .blob(let id): ["blobs", id.pathComponent(.blob)]
        case .module(let module): [.constant(module.rawValue)]
        case .captures: ["captures"]
        case .capture(let id): ["captures", id.pathComponent(.capture)]
        case .receipts(let page): [.constant(Module.receipts.rawValue)] + page.pathComponents
        case .meters(let page): [.constant(Module.meters.rawValue)] + page.pathComponents
        case .lists(let page): [.constant(Module.lists.rawValue)] + page.pathComponents
        case .healthz: ["healthz"]
        case .readyz: ["readyz"]
        case .api(let route): ["api", "v1"] + route.pathComponents
        }
    }

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

/// The JSON API under `/api/v1`; the OpenAPI document lists the same paths (a test checks).
enum APIRoute: Sendable, Equatable {
    case register
    case login
    case me
    case tokens
    case token(id: UUID?)
    case captures
    case capture(id: UUID?)
    case receipts(ReceiptsAPIRoute)
    case meters(MetersAPIRoute)
    case lists(ListsAPIRoute)
    case openAPI

    var pathComponents: [PathComponent] {
        switch self {
        case .register: ["register"]
        case .login: ["login"]
        case .me: ["me"]
        case .tokens: ["tokens"]
        case .token(let id): ["tokens", id.pathComponent(.token)]
        case .captures: ["captures"]
        case .capture(let id): ["captures", id.pathComponent(.capture)]
        case .receipts(let route): route.pathComponents
        case .meters(let route): route.pathComponents
        case .lists(let route): route.pathComponents
        case .openAPI: ["openapi.yaml"]
        }
    }
}

/// The five modules of Scanbook, in navigation order.
enum Module: String, CaseIterable, Sendable, Encodable {
    case receipts, meters, lists, payments, forms
}
