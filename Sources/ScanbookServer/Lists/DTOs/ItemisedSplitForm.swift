import Foundation
import Vapor

/// The split page's form: one row per line, keyed by the row's number (`name[3]`, `amount[3]`,
/// `who[3][]` the members that line goes to, none for everyone) and the list items to tick off.
/// Rows left empty (no name, no amount) are the page's spare rows and are skipped.
struct ItemisedSplitForm: Content {
    var receipt: UUID?
    var list: UUID?
    var description: String?
    var paidBy: UUID?
    var date: String?
    var name: [String: String]?
    var amount: [String: String]?
    var who: [String: [UUID]]?
    var tick: [UUID]?

    /// Rows are numbered by the page; more than this many is not a receipt.
    static let maximumRows = 1_000

    /// What the page's rows say, in row order, as the API would be sent it.
    func input(receipt: UUID) throws -> ReceiptSplitInput {
        let names = name ?? [:], amounts = amount ?? [:]
        let rows = Set(names.keys).union(amounts.keys).compactMap(Int.init).filter { (0..<Self.maximumRows).contains($0) }.sorted()
        let lines: [ReceiptSplitInput.Line] = rows.compactMap { row in
            let key = String(row)
            let typedName = (names[key] ?? "").trimmingCharacters(in: .whitespaces)
            let typedAmount = (amounts[key] ?? "").trimmingCharacters(in: .whitespaces)
            if typedName.isEmpty && typedAmount.isEmpty { return nil }
            return .init(name: typedName, amount: typedAmount, members: who?[key] ?? [])
        }
        return ReceiptSplitInput(receipt: receipt, paidBy: paidBy, date: date, description: description, lines: lines, tickOff: tick)
    }
}
