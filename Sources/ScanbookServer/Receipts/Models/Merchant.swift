import Fluent
import Vapor

/// A shop the user has receipts from; its last category is the first guess for its next receipt.
final class Merchant: Model, @unchecked Sendable {
    static let schema = "merchants"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @OptionalParent(key: "last_category_id") var lastCategory: ReceiptCategory?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, name: String) {
        self.$owner.id = ownerID
        self.name = name
    }
}
