import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A receipt split on a shared list item by item (Core's `ItemisedSplit`): one expense whose
/// exact parts add up to the receipt's total, linked to the receipt; the shopping-list items it
/// bought are ticked off with it.
enum ReceiptSplits {
    /// One of my receipts with its line items in order, or 404.
    static func receipt(_ id: UUID?, on context: ServiceContext) async throws -> Receipt {
        let me = try context.requireUser().requireID()
        guard let id, let receipt = try await Receipt.query(on: context.db).filter(\.$id == id).filter(\.$owner.$id == me).with(\.$items).with(\.$merchant).first() else {
            throw Abort(.notFound)
        }
        return receipt
    }

    static func orderedItems(of receipt: Receipt) -> [ReceiptLineItem] {
        receipt.items.sorted { $0.position < $1.position }
    }

    /// The list's open items that the lines named bought, each with the line it matched.
    static func offers(on list: ShoppingList, lines: [String], _ context: ServiceContext) async throws -> [(item: ListItem, line: Int)] {
        let open = try await ItemService.items(of: list, category: nil, sort: .name, on: context.db).open
        let byID = Dictionary(uniqueKeysWithValues: try open.map { (try $0.requireID(), $0) })
        let candidates = try open.map { ShoppingListMatch.Item(id: try $0.requireID(), name: $0.name, brand: $0.brand) }
        return ShoppingListMatch.matches(candidates, lines: lines).compactMap { match in byID[match.item].map { ($0, match.line) } }
    }

    static func add(_ input: ReceiptSplitInput, to list: ShoppingList, on context: ServiceContext) async throws -> ListExpense {
        let receipt = try await receipt(input.receipt, on: context)
        guard let total = receipt.total?.hundredths else { throw UserFacingError(.unprocessableEntity, "expenses_receiptNoTotal") }
        let members = try await ListService.members(of: list, on: context.db).members.map { try $0.requireID() }
        let items = try lines(input.lines, receipt: receipt, context)
        // Checked before anything is saved, so a refusal leaves the list as it was.
        guard (input.tickOff ?? []).count <= ItemisedSplit.maximumItems else { throw UserFacingError(.unprocessableEntity, "expenses_itemised_outOfRange") }
        let parts: [(UUID, Int)]
        do {
            parts = try ItemisedSplit.parts(of: total, items: items, everyone: members)
        } catch {
            throw UserFacingError(.unprocessableEntity, "expenses_itemised_\(error)")
        }
        let expense = ExpenseInput(description: input.description, paidBy: input.paidBy, date: input.date, receipt: receipt.id)
        let added = try await ExpenseService.add(expense, to: list, exactParts: parts, on: context)
        try await tickOff(input.tickOff ?? [], on: list, context)
        return added
    }

    /// Checks off the named open items of the list; ids that are not (any more) open on it are
    /// passed over, as a member may have ticked them meanwhile.
    private static func tickOff(_ ids: [UUID], on list: ShoppingList, _ context: ServiceContext) async throws {
        guard !ids.isEmpty else { return }
        try await ListItem.query(on: context.db).filter(\.$list.$id == list.requireID()).filter(\.$id ~~ Array(Set(ids)))
            .filter(\.$checkedAt == nil).filter(\.$clearedAt == nil).set(\.$checkedAt, to: context.now).update()
        context.announce(.items, on: list)
    }

    private static func lines(_ lines: [ReceiptSplitInput.Line]?, receipt: Receipt, _ context: ServiceContext) throws -> [ItemisedSplit.Item<UUID>] {
        guard let lines else {
            return orderedItems(of: receipt).map { ItemisedSplit.Item(amountMinor: $0.amountHundredths, members: []) }
        }
        guard lines.count <= ItemisedSplit.maximumItems else { throw UserFacingError(.unprocessableEntity, "expenses_itemised_outOfRange") }
        return try lines.enumerated().map { index, line in
            let typed = line.amount.trimmingCharacters(in: .whitespaces)
            let negative = typed.hasPrefix("-")
            guard let amount = Amount(typed: negative ? String(typed.dropFirst()) : typed, mark: context.decimalMark) else {
                throw UserFacingError(.unprocessableEntity, "expenses_itemised_lineAmount", ["line": "\(index + 1)"])
            }
            return ItemisedSplit.Item(amountMinor: negative ? -amount.hundredths : amount.hundredths, members: line.members ?? [])
        }
    }
}
