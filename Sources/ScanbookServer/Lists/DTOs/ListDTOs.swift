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
    /// Invited addresses that have not answered yet (whether they have an account is not said).
    let pendingInvitations: [String]
}

/// An invitation to my address, waiting for my answer.
struct InvitationDTO: Content {
    let id: UUID
    let list: UUID
    let listName: String
    let invitedBy: String
    let createdAt: Date?

    init(_ pending: InvitationService.Pending) throws {
        id = try pending.invitation.requireID()
        list = try pending.list.requireID()
        listName = pending.list.name
        invitedBy = pending.ownerName
        createdAt = pending.invitation.createdAt
    }
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
