import Fluent

/// Password reset by e-mail (issue 26).
struct CreatePasswordResets: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordReset.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasswordReset.schema).delete()
    }
}
