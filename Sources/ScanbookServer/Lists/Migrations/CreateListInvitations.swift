import Fluent

struct CreateListInvitations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListInvitation.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("email", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "list_id", "email")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListInvitation.schema).delete()
    }
}
