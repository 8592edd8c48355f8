import Foundation
import Vapor

/// The lists module's pages, under `/lists` (see `SiteURL.lists`).
enum ListsURL: Sendable, Equatable {
    /// The user's first list (their private one).
    case index
    case create
    /// `?category=…&sort=name|category|time`
    case list(id: UUID?)
    case rename(id: UUID?)
    case delete(id: UUID?)
    case items(id: UUID?)
    /// Adds an item from a photo of its barcode.
    case barcode(id: UUID?)
    case item(id: UUID?, item: UUID?)
    case toggle(id: UUID?, item: UUID?)
    case deleteItem(id: UUID?, item: UUID?)
    case clear(id: UUID?)
    case members(id: UUID?)
    case removeMember(id: UUID?, user: UUID?)
    case leave(id: UUID?)
    /// The WebSocket an open list page listens on (`ListChange`).
    case live(id: UUID?)

    var pathComponents: [PathComponent] {
        switch self {
        case .index: []
        case .create: ["new"]
        case .list(let id): [id.pathComponent("listID")]
        case .rename(let id): [id.pathComponent("listID"), "rename"]
        case .delete(let id): [id.pathComponent("listID"), "delete"]
        case .items(let id): [id.pathComponent("listID"), "items"]
        case .barcode(let id): [id.pathComponent("listID"), "barcode"]
        case .item(let id, let item): [id.pathComponent("listID"), "items", item.pathComponent("itemID")]
        case .toggle(let id, let item): [id.pathComponent("listID"), "items", item.pathComponent("itemID"), "toggle"]
        case .deleteItem(let id, let item): [id.pathComponent("listID"), "items", item.pathComponent("itemID"), "delete"]
        case .clear(let id): [id.pathComponent("listID"), "clear"]
        case .members(let id): [id.pathComponent("listID"), "members"]
        case .removeMember(let id, let user): [id.pathComponent("listID"), "members", user.pathComponent("userID"), "remove"]
        case .leave(let id): [id.pathComponent("listID"), "leave"]
        case .live(let id): [id.pathComponent("listID"), "live"]
        }
    }
}

/// The lists module's JSON API under `/api/v1` (see `APIRoute.lists`).
enum ListsAPIRoute: Sendable, Equatable {
    case lists
    case list(id: UUID?)
    case items(id: UUID?)
    case item(id: UUID?, item: UUID?)
    case clear(id: UUID?)
    case members(id: UUID?)
    case member(id: UUID?, user: UUID?)

    var pathComponents: [PathComponent] {
        switch self {
        case .lists: ["lists"]
        case .list(let id): ["lists", id.pathComponent("listID")]
        case .items(let id): ["lists", id.pathComponent("listID"), "items"]
        case .item(let id, let item): ["lists", id.pathComponent("listID"), "items", item.pathComponent("itemID")]
        case .clear(let id): ["lists", id.pathComponent("listID"), "clear"]
        case .members(let id): ["lists", id.pathComponent("listID"), "members"]
        case .member(let id, let user): ["lists", id.pathComponent("listID"), "members", user.pathComponent("userID")]
        }
    }
}
