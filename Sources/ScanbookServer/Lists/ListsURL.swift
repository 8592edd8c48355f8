import Foundation
import Vapor

/// The lists module's pages, under `/lists` .
enum ListsURL: ModuleURL, Equatable {
    static let module = Module.lists

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
    /// GET: the expenses page with the form filled to edit one; POST: saves the edit.
    case editExpense(id: UUID?, expense: UUID?)
    case deleteExpense(id: UUID?, expense: UUID?)
    case payments(id: UUID?)
    /// POST: sets up a recurring expense from the expenses page.
    case recurring(id: UUID?)
    case stopRecurring(id: UUID?, recurring: UUID?)
    /// The receipt page's "share on a list" (the list is a form field).
    case expenseFromReceipt
    /// GET `?receipt=&list=`: a receipt's lines to split item by item; POST: saves the split.
    case receiptSplit

    var pagePathComponents: [PathComponent] {
        switch self {
        case .index: []
        case .create: ["new"]
        case .list(let id): [id.pathComponent(.list)]
        case .rename(let id): [id.pathComponent(.list), "rename"]
        case .delete(let id): [id.pathComponent(.list), "delete"]
        case .items(let id): [id.pathComponent(.list), "items"]
        case .barcode(let id): [id.pathComponent(.list), "barcode"]
        case .item(let id, let item): [id.pathComponent(.list), "items", item.pathComponent(.item)]
        case .toggle(let id, let item): [id.pathComponent(.list), "items", item.pathComponent(.item), "toggle"]
        case .deleteItem(let id, let item): [id.pathComponent(.list), "items", item.pathComponent(.item), "delete"]
        case .clear(let id): [id.pathComponent(.list), "clear"]
        case .members(let id): [id.pathComponent(.list), "members"]
        case .removeMember(let id, let user): [id.pathComponent(.list), "members", user.pathComponent(.user), "remove"]
        case .leave(let id): [id.pathComponent(.list), "leave"]
        case .withdrawInvitation(let id): [id.pathComponent(.list), "invitations", "withdraw"]
        case .acceptInvitation(let invitation): ["invitations", invitation.pathComponent(.invitation), "accept"]
        case .declineInvitation(let invitation): ["invitations", invitation.pathComponent(.invitation), "decline"]
        case .live(let id): [id.pathComponent(.list), "live"]
        case .expenses(let id): [id.pathComponent(.list), "expenses"]
        case .editExpense(let id, let expense): [id.pathComponent(.list), "expenses", expense.pathComponent(.expense), "edit"]
        case .deleteExpense(let id, let expense): [id.pathComponent(.list), "expenses", expense.pathComponent(.expense), "delete"]
        case .payments(let id): [id.pathComponent(.list), "payments"]
        case .recurring(let id): [id.pathComponent(.list), "recurring"]
        case .stopRecurring(let id, let recurring): [id.pathComponent(.list), "recurring", recurring.pathComponent(.recurring), "stop"]
        case .expenseFromReceipt: ["from-receipt"]
        case .receiptSplit: ["receipt-split"]
        }
    }
}

/// The lists module's JSON API under `/api/v1`.
enum ListsAPIRoute: APIPath, Equatable {
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
    /// One of my receipts split item by item among the list's members: one expense.
    case receiptSplits(id: UUID?)
    /// GET: the list's recurring expenses; POST: sets one up.
    case recurringExpenses(id: UUID?)
    /// DELETE: stops it (the expenses it made stay).
    case recurringExpense(id: UUID?, recurring: UUID?)
    case balances(id: UUID?)
    case payments(id: UUID?)

    var routePathComponents: [PathComponent] {
        switch self {
        case .lists: ["lists"]
        case .list(let id): ["lists", id.pathComponent(.list)]
        case .items(let id): ["lists", id.pathComponent(.list), "items"]
        case .item(let id, let item): ["lists", id.pathComponent(.list), "items", item.pathComponent(.item)]
        case .clear(let id): ["lists", id.pathComponent(.list), "clear"]
        case .members(let id): ["lists", id.pathComponent(.list), "members"]
        case .member(let id, let user): ["lists", id.pathComponent(.list), "members", user.pathComponent(.user)]
        case .invitation(let id, let email): ["lists", id.pathComponent(.list), "invitations", email.map { .constant($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0) } ?? .parameter(RouteParameter.email.rawValue)]
        case .myInvitations: ["invitations"]
        case .acceptInvitation(let invitation): ["invitations", invitation.pathComponent(.invitation), "accept"]
        case .declineInvitation(let invitation): ["invitations", invitation.pathComponent(.invitation), "decline"]
        case .expenses(let id): ["lists", id.pathComponent(.list), "expenses"]
        case .expense(let id, let expense): ["lists", id.pathComponent(.list), "expenses", expense.pathComponent(.expense)]
        case .receiptSplits(let id): ["lists", id.pathComponent(.list), "receipt-splits"]
        case .recurringExpenses(let id): ["lists", id.pathComponent(.list), "recurring-expenses"]
        case .recurringExpense(let id, let recurring): ["lists", id.pathComponent(.list), "recurring-expenses", recurring.pathComponent(.recurring)]
        case .balances(let id): ["lists", id.pathComponent(.list), "balances"]
        case .payments(let id): ["lists", id.pathComponent(.list), "payments"]
        }
    }
}

extension Module {
    static let lists = Module("lists")
}

/// The route parameters of the module's addresses.
extension RouteParameter {
    static let list = RouteParameter("listID"), item = RouteParameter("itemID"), expense = RouteParameter("expenseID")
    static let invitation = RouteParameter("invitationID"), recurring = RouteParameter("recurringID")
    /// Not an id: an invited address.
    static let email = RouteParameter("email")
}
