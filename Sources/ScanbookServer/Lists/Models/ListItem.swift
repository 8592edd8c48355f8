import Fluent
import Vapor

/// Something to buy. Checked items (`checkedAt` set) are "bought" until cleared or restored;
/// cleared ones stay as history.
final class ListItem: Model, @unchecked Sendable {
    static let schema = "list_items"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Field(key: "name") var name: String
    @OptionalField(key: "brand") var brand: String?
    /// Free text: "2", "500 g", "2x".
    @OptionalField(key: "quantity") var quantity: String?
    @OptionalField(key: "category") var category: String?
    /// EAN-13/EAN-8/UPC-A digits when added by barcode.
    @OptionalField(key: "barcode") var barcode: String?
    @OptionalParent(key: "added_by") var addedBy: User?
    @OptionalField(key: "checked_at") var checkedAt: Date?
    /// Cleared from the bought section: off the list, but still counted for quick add and suggestions.
    @OptionalField(key: "cleared_at") var clearedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(listID: UUID, name: String, addedBy: UUID?) {
        self.$list.id = listID
        self.name = name
        self.$addedBy.id = addedBy
    }
}
