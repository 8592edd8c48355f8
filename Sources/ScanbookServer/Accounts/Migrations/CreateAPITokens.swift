import Fluent

struct CreateAPITokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(APIToken.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime)
            .field("last_used_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(APIToken.schema).delete()
    }
}
