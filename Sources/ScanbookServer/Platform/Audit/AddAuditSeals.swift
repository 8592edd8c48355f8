import Fluent

/// Entries carry an HMAC with the server's key, and the head is kept apart (issue 40).
struct AddAuditSeals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema).field("mac", .string).update()
        try await database.schema(AuditHead.schema)
            .id()
            .field("name", .string, .required)
            .field("sequence", .int64, .required)
            .field("hash", .string, .required)
            .field("sealed_from", .int64, .required)
            .field("mac", .string, .required)
            .unique(on: "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditHead.schema).delete()
        try await database.schema(AuditEntry.schema).deleteField("mac").update()
    }
}
