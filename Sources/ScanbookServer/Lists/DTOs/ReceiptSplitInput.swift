import Foundation
import Vapor

/// One of my receipts split on a shared list item by item: each line to one member, several, or
/// everyone (no members named). Without lines, the items the reader found go to everyone.
/// `ItemisedSplitForm` is the page's way of sending the same.
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
    /// Items of the list's shopping list bought with this receipt: ticked off with the split.
    var tickOff: [UUID]?
}

/// `?receipt=&list=`: which receipt to split, and on which list (the API has the list in its path).
struct ReceiptSplitChoice: Content {
    var receipt: UUID?
    var list: UUID?
}

/// What a client needs to split one of my receipts on a list: the lines the reader found, the
/// members to assign them to, and the shopping-list items the lines seem to have bought.
struct ReceiptSplitDraftDTO: Content {
    struct Line: Content {
        let name: String
        /// "4.50", the API's decimal point.
        let amount: String
    }

    struct Member: Content {
        let id: UUID
        let name: String
    }

    struct Offer: Content {
        let item: UUID
        let name: String
        /// Index into `lines` of the line that matched.
        let line: Int
    }

    let receipt: UUID
    let total: String?
    let lines: [Line]
    let members: [Member]
    let tickOffOffers: [Offer]
}
