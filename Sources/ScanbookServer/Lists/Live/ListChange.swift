import Foundation

/// What an open list page is told over its WebSocket (`/lists/<id>/live`), as one JSON text frame:
/// `{"list": "<uuid>", "change": "items" | "members" | "list" | "expenses" | "deleted", "by": "<user uuid>", "at": "<ISO 8601>"}`.
/// The page then fetches what changed; the socket itself never carries list contents.
struct ListChange: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        /// Items added, edited, checked off, restored, deleted or cleared.
        case items
        /// Someone joined, was invited, left or was removed.
        case members
        /// Renamed.
        case list
        /// An expense added or deleted, or a payment recorded.
        case expenses
        /// The list is gone.
        case deleted
    }

    let list: UUID
    let change: Kind
    let by: UUID
    let at: Date
}
