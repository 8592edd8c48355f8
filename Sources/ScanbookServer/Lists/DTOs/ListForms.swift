import Foundation
import Vapor

struct ListNameForm: Content {
    var name: String?
}

/// An item's fields; on an update a nil field stays, "" clears it (the name cannot be cleared).
struct ItemInput: Content {
    var name: String?
    var brand: String?
    var quantity: String?
    var category: String?
    var barcode: String?
    /// API only: check off (true) or restore (false).
    var checked: Bool?
}

struct InviteForm: Content {
    var email: String?
}

struct BarcodeForm: Content {
    var photo: File?
    /// Used when the code has not been seen before.
    var name: String?
}

/// `?category=Milch&sort=name&all=1`
struct ListQuery: Content {
    var category: String?
    var sort: String?
    /// "1": every open item, not only the first page.
    var all: String?
}

/// The tick form: `true` to mark an item bought, `false` to put it back; left out, it toggles.
struct TickForm: Content {
    var checked: Bool?
}
