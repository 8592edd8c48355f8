import Foundation
import Vapor

/// One of my receipts split on a shared list item by item: each line to one member, several, or
/// everyone (no members named). Without lines, the items the reader found go to everyone.
struct ReceiptSplitInput: Content {
    struct Line: Content {
        var name: String?
        /// Typed: "4.50", "4,50"; negative for a discount.
        var amount: String
        var members: [UUID]?
    }

    var receipt: UUID
    var paidBy: UUID?
    var date: String?
    var description: String?
    var lines: [Line]?
}
