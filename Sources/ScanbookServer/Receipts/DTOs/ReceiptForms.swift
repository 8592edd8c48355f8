import Foundation
import Vapor

/// Changes to a receipt, from the detail page's form or the API's PATCH. A nil field stays as it
/// is; an empty string clears it.
struct ReceiptChanges: Content {
    var total: String?
    var currency: String?
    var date: String?
    var merchant: String?
    /// A category id: the whole total goes to it (replacing a split); "" removes the category.
    var category: String?
    var note: String?
    var warrantyUntil: String?
    /// In another currency: one unit in the home currency ("0.9412"); "" forgets it.
    var rate: String?
}

/// A split of the total: parallel lists of category ids and amounts (rows left empty are ignored).
struct ReceiptSplitForm: Content {
    var categories: [String]
    var amounts: [String]
}

struct ReceiptUploadForm: Content {
    var image: File?
}

struct CategoryForm: Content {
    var name: String?
    /// Monthly budget as typed ("400", "400.00"); "" removes it.
    var budget: String?
    /// "1": unspent budget carries over to the next month (from this month on). The page sends
    /// `carryOverShown` with it, so an unticked box turns it off; the API sends true or false.
    var carryOver: String?
    var carryOverShown: String?
}

struct CategoryDeleteForm: Content {
    /// The category that takes over the deleted one's bookings.
    var reassignTo: String?
}

struct KeywordForm: Content {
    var phrase: String
}

/// `?month=2025-06`, or a search across every month: `?q=migros&merchant=&min=10&max=20,50&from=2018-01-01&to=`
/// (checked by `ReceiptSearch`).
struct ReceiptListQuery: Content {
    var month: String?
    var q: String?
    var merchant: String?
    /// Amounts as typed on the page ("1.234,50" on a German one).
    var min: String?
    var max: String?
    /// Purchase dates, both included.
    var from: String?
    var to: String?
}

extension CategoryForm {
    /// Whether the form turns carrying over on or off; nil when it does not say.
    func carriesOver() throws -> Bool? {
        guard let carryOver else { return carryOverShown == nil ? nil : false }
        switch carryOver.lowercased() {
        case "1", "true", "on": return true
        case "0", "false", "off": return false
        default: throw UserFacingError(.unprocessableEntity, "receipts_carryOverInvalid")
        }
    }
}
