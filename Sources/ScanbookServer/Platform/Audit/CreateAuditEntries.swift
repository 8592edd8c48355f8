import Fluent
import SQLKit

struct CreateAuditEntries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema)
            .id()
            .field("sequence", .int64, .required)
            .field("actor_id", .uuid)
            .field("actor", .string, .required)
            .field("action", .string, .required)
            .field("subject", .string, .required)
            .field("before", .string)
            .field("after", .string)
            .field("at", .string, .required)
            .field("hash", .string, .required)
            .unique(on: "sequence")
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "audit_entries_actor_idx").on(AuditEntry.schema).column("actor_id").column("sequence").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema).delete()
    }
}
