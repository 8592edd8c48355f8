import Fluent
import Vapor

/// An invitation to an address that has no account yet; it becomes a membership once a user with
/// that address exists (checked whenever lists are looked at).
final class ListInvitation: Model, @unchecked Sendable {
    static let schema = "list_invitations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Field(key: "email") var email: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(listID: UUID, email: String) {
        self.$list.id = listID
        self.email = email
    }
}
