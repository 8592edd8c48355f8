import Fluent

/// Issue 44: a previewed statement waits for "Apply" on the server, not in the browser.
struct CreateStatementPreviews: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StatementPreview.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("bytes", .data, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StatementPreview.schema).delete()
    }
}
