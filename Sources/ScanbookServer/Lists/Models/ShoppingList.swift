import Fluent
import Vapor

/// A list of things to buy. Every user has one private list (only themselves); shared lists have
/// an owner and up to `ShoppingList.maximumExtraMembers` further members.
final class ShoppingList: Model, @unchecked Sendable {
    static let schema = "shopping_lists"
    static let maximumExtraMembers = 5

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @Field(key: "is_private") var isPrivate: Bool
    /// The expenses' currency: the creator's home currency when the list was made; nil for lists
    /// made before lists had one (the server's default, which their expenses were recorded in).
    @OptionalField(key: "currency") var currency: String?
    @Children(for: \.$list) var memberships: [ListMembership]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, name: String, isPrivate: Bool, currency: String?) {
        self.$owner.id = ownerID
        self.name = name
        self.isPrivate = isPrivate
        self.currency = currency
    }
}
