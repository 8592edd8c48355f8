import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A receipt split on a shared list item by item (Core's `ItemisedSplit`): one expense whose
/// exact parts add up to the receipt's total, linked to the receipt.
enum ReceiptSplits {
    static func add(_ input: ReceiptSplitInput, to list: ShoppingList, on context: ServiceContext) async throws -> ListExpense {
        let me = try context.requireUser().requireID()
        guard let receipt = try await Receipt.query(on: context.db).filter(\.$id == input.receipt).filter(\.$owner.$id == me).with(\.$items).first() else {
            throw Abort(.notFound)
        }
        guard let total = receipt.total?.hundredths else { throw UserFacingError(.unprocessableEntity, "expenses_receiptNoTotal") }
        let members = try await ListService.members(of: list, on: context.db).members.map { try $0.requireID() }
        let items = try lines(input.lines, receipt: receipt, context)
        let parts: [(UUID, Int)]
        do {
            parts = try ItemisedSplit.parts(of: total, items: items, everyone: members)
        } catch {
            throw UserFacingError(.unprocessableEntity, "expenses_itemised_\(error)")
        }
        let expense = ExpenseInput(description: input.description, paidBy: input.paidBy, date: input.date, receipt: receipt.id)
        return try await ExpenseService.add(expense, to: list, exactParts: parts, on: context)
    }

    private static func lines(_ lines: [ReceiptSplitInput.Line]?, receipt: Receipt, _ context: ServiceContext) throws -> [ItemisedSplit.Item<UUID>] {
        guard let lines else {
            return receipt.items.sorted { $0.position < $1.position }.map { ItemisedSplit.Item(amountMinor: $0.amountHundredths, members: []) }
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
