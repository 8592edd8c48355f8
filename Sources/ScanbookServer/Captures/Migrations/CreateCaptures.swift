import Fluent
import SQLKit

struct CreateCaptures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // A plain string column rather than a database enum: SQLite has none, and new statuses
        // then need no schema change.
        try await database.schema(Capture.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("blob_id", .uuid, .required, .references(StoredBlob.schema, .id, onDelete: .cascade))
            .field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("lease_token", .uuid)
            .field("lease_expires_at", .datetime)
            .field("result", .string)
            .field("error", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .field("finished_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            // Workers look for the oldest claimable job; pages list a user's captures.
            try await sql.create(index: "captures_status_created_idx").on(Capture.schema).column("status").column("created_at").run()
            try await sql.create(index: "captures_owner_idx").on(Capture.schema).column("owner_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Capture.schema).delete()
    }
}
