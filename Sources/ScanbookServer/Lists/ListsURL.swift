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
    /// The owner withdraws a pending invitation (the address is a form field).
    case withdrawInvitation(id: UUID?)
    /// The invited person's answer to an invitation to their address.
    case acceptInvitation(invitation: UUID?)
    case declineInvitation(invitation: UUID?)
    /// The WebSocket an open list page listens on (`ListChange`).
    case live(id: UUID?)
    /// Balances, the settle-up plan, the add-expense form and the purchase history (`ExpenseFilter`).
    case expenses(id: UUID?)
    case deleteExpense(id: UUID?, expense: UUID?)
    case payments(id: UUID?)
    /// The receipt page's "share on a list" (the list is a form field).
    case expenseFromReceipt

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
        case .withdrawInvitation(let id): [id.pathComponent("listID"), "invitations", "withdraw"]
        case .acceptInvitation(let invitation): ["invitations", invitation.pathComponent("invitationID"), "accept"]
        case .declineInvitation(let invitation): ["invitations", invitation.pathComponent("invitationID"), "decline"]
        case .live(let id): [id.pathComponent("listID"), "live"]
        case .expenses(let id): [id.pathComponent("listID"), "expenses"]
        case .deleteExpense(let id, let expense): [id.pathComponent("listID"), "expenses", expense.pathComponent("expenseID"), "delete"]
        case .payments(let id): [id.pathComponent("listID"), "payments"]
        case .expenseFromReceipt: ["from-receipt"]
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
    /// A pending invitation of the list, by address (the owner withdraws it).
    case invitation(id: UUID?, email: String?)
    /// Invitations to my address, and my answers to them.
    case myInvitations
    case acceptInvitation(invitation: UUID?)
    case declineInvitation(invitation: UUID?)
    case expenses(id: UUID?)
    case expense(id: UUID?, expense: UUID?)
    case balances(id: UUID?)
    case payments(id: UUID?)

    var pathComponents: [PathComponent] {
        switch self {
        case .lists: ["lists"]
        case .list(let id): ["lists", id.pathComponent("listID")]
        case .items(let id): ["lists", id.pathComponent("listID"), "items"]
        case .item(let id, let item): ["lists", id.pathComponent("listID"), "items", item.pathComponent("itemID")]
        case .clear(let id): ["lists", id.pathComponent("listID"), "clear"]
        case .members(let id): ["lists", id.pathComponent("listID"), "members"]
        case .member(let id, let user): ["lists", id.pathComponent("listID"), "members", user.pathComponent("userID")]
        case .invitation(let id, let email): ["lists", id.pathComponent("listID"), "invitations", email.map { .constant($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) } ?? .parameter("email")]
        case .myInvitations: ["invitations"]
        case .acceptInvitation(let invitation): ["invitations", invitation.pathComponent("invitationID"), "accept"]
        case .declineInvitation(let invitation): ["invitations", invitation.pathComponent("invitationID"), "decline"]
        case .expenses(let id): ["lists", id.pathComponent("listID"), "expenses"]
        case .expense(let id, let expense): ["lists", id.pathComponent("listID"), "expenses", expense.pathComponent("expenseID")]
        case .balances(let id): ["lists", id.pathComponent("listID"), "balances"]
        case .payments(let id): ["lists", id.pathComponent("listID"), "payments"]
        }
    }
}
