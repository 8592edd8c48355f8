import Fluent
import SQLKit

/// The database blob store's tables (issue 27). Created on every database, used only when
/// `SCANBOOK_BLOB_STORE` is `database`, so switching stores needs no migration.
struct CreateBlobContents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(table: DatabaseBlobStore.contentsTable)
            .column("hash", type: .text, .primaryKey(autoIncrement: false))
            .column("byte_count", type: .bigint, .notNull)
            .column("stored_at", type: .timestamp, .notNull)
            .run()
        try await sql.create(table: DatabaseBlobStore.chunksTable)
            .column("hash", type: .text, .notNull, .references(DatabaseBlobStore.contentsTable, "hash", onDelete: .cascade))
            .column("number", type: .int, .notNull)
            .column("bytes", type: .blob, .notNull)
            .primaryKey("hash", "number")
            .run()
        try await sql.create(index: "blob_contents_stored_at").on(DatabaseBlobStore.contentsTable).column("stored_at").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(table: DatabaseBlobStore.chunksTable).ifExists().run()
        try await sql.drop(table: DatabaseBlobStore.contentsTable).ifExists().run()
    }
}
