import Foundation
import ScanbookCore
import Vapor

/// How the split page reads: the receipt's lines (or what the person typed, after a refusal) with
/// a checkbox per member, spare rows for lines the reader missed, and the shopping-list items the
/// lines seem to have bought, ticked for ticking off.
enum ReceiptSplitPresentation {
    /// Rows for lines added by hand: a few below the reader's lines, more when it found none.
    static let spareRows = 2
    static let spareRowsWithoutItems = 5

    static func page(_ list: ShoppingList, _ receipt: Receipt, _ context: ServiceContext, input: ReceiptSplitInput?, errors: [String]) async throws -> ReceiptSplitPageView {
        let me = try context.requireUser().requireID()
        let members = try await ListService.members(of: list, on: context.db).members
        func money(_ hundredths: Int) -> String { Formatting.money(hundredths: hundredths, locale: context.locale) }
        let read = ReceiptSplits.orderedItems(of: receipt)
        let typed: [ReceiptSplitInput.Line] = input?.lines ?? read.map {
            .init(name: $0.name, amount: Amount(hundredths: $0.amountHundredths).description, members: [])
        }
        let spare = read.isEmpty ? spareRowsWithoutItems : spareRows
        let rows = typed + Array(repeating: ReceiptSplitInput.Line(name: "", amount: "", members: []), count: spare)
        let offers = try await ReceiptSplits.offers(on: list, lines: typed.map { $0.name ?? "" }, context)
        let ticked = input?.tickOff.map(Set.init)
        return ReceiptSplitPageView(
            listName: list.name, currency: context.currency(of: list),
            receiptTitle: ExpenseService.receiptTitle(receipt, context),
            total: receipt.total.map { money($0.hundredths) } ?? "",
            receipt: try receipt.requireID().uuidString, list: try list.requireID().uuidString,
            description: input?.description ?? "", date: input?.date ?? receipt.purchasedOn ?? context.today.description,
            payers: try members.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: $0.id == (input?.paidBy ?? me)) },
            lines: try rows.enumerated().map { row, line in
                let chosen = Set(line.members ?? [])
                return .init(row: "\(row)", name: line.name ?? "", amount: line.amount,
                             members: try members.map { .init(id: try $0.requireID().uuidString, name: $0.name, checked: chosen.contains(try $0.requireID())) })
            },
            offers: try offers.map { offer in
                let id = try offer.item.requireID()
                return .init(id: id.uuidString, name: [offer.item.name, offer.item.brand].compactMap { $0 }.joined(separator: " · "),
                             line: typed[offer.line].name ?? "", checked: ticked?.contains(id) ?? true)
            },
            readerFoundNone: read.isEmpty,
            action: ListsURL.receiptSplit.path,
            back: ReceiptsURL.receipt(id: receipt.id).path,
            errors: errors
        )
    }
}
