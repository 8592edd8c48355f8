import Fluent
import SQLKit

struct CreateSignedInSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SignedInSession.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("data", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_seen_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
        // A password change ends a user's other sessions; the purge finds idle ones.
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "signed_in_sessions_user_idx").on(SignedInSession.schema).column("user_id").run()
            try await sql.create(index: "signed_in_sessions_seen_idx").on(SignedInSession.schema).column("last_seen_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SignedInSession.schema).delete()
    }
}

/// Vapor's own session table (`SessionRecord`), used before sessions had owners and expiry; the
/// sessions in it end (their users sign in again).
struct DropFluentSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SessionRecord.schema).delete()
    }

    func revert(on database: any Database) async throws {
        try await SessionRecord.migration.prepare(on: database)
    }
}
