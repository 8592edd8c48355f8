import Fluent
import Vapor

/// A user on a list (the owner too), so "the lists I may see" is one join.
final class ListMembership: Model, @unchecked Sendable {
    static let schema = "list_memberships"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Parent(key: "user_id") var user: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(listID: UUID, userID: UUID) {
        self.$list.id = listID
        self.$user.id = userID
    }
}
