import Fluent

struct CreateBlobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StoredBlob.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("hash", .string, .required)
            .field("content_type", .string, .required)
            .field("byte_count", .int64, .required)
            .field("created_at", .datetime)
            .unique(on: "owner_id", "hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StoredBlob.schema).delete()
    }
}
