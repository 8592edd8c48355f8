import Fluent
import Vapor

/// Marks that a user's receipt module was set up (default categories and keywords seeded once, so
/// deleting them all does not bring them back). Its currency is the home currency when the profile was
/// made; the person's current one is `User.currency` (see `ServiceContext.homeCurrency`).
final class ReceiptProfile: Model, @unchecked Sendable {
    static let schema = "receipt_profiles"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "currency") var currency: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, currency: String) {
        self.$owner.id = ownerID
        self.currency = currency
    }
}
