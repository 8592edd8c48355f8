import Fluent

struct CreateShoppingLists: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ShoppingList.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("is_private", .bool, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ShoppingList.schema).delete()
    }
}
