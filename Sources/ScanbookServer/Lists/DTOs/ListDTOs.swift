import Foundation
import Vapor

struct ShoppingListDTO: Content {
    struct Member: Content {
        let id: UUID
        let name: String
        let isOwner: Bool
    }

    let id: UUID
    let name: String
    let isPrivate: Bool
    let owner: UUID
    let members: [Member]
    /// Addresses invited that have no account yet.
    let pendingInvitations: [String]
}

struct ListItemDTO: Content {
    let id: UUID
    let name: String
    let brand: String?
    let quantity: String?
    let category: String?
    let barcode: String?
    let checked: Bool
    let createdAt: Date?

    init(_ item: ListItem) throws {
        id = try item.requireID()
        name = item.name
        brand = item.brand
        quantity = item.quantity
        category = item.category
        barcode = item.barcode
        checked = item.checkedAt != nil
        createdAt = item.createdAt
    }
}
