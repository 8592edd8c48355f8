import Fluent

/// The avatar refers to a blob, and blobs refer to their owner, so this column comes after both tables.
struct AddUserAvatar: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .field("avatar_blob_id", .uuid, .references(StoredBlob.schema, .id, onDelete: .setNull))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("avatar_blob_id").update()
    }
}
