import Fluent

struct CreateListMemberships: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListMembership.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "list_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListMembership.schema).delete()
    }
}
