import Fluent

struct CreateOfflineActions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OfflineAction.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("key", .string, .required)
            .field("status", .int)
            .field("location", .string)
            .field("body", .data)
            .field("content_type", .string)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OfflineAction.schema).delete()
    }
}
