import Fluent

/// Issue 45: reminders before a warranty ends, one per receipt and end date.
struct CreateWarrantyReminders: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WarrantyReminder.schema)
            .id()
            .field("receipt_id", .uuid, .required, .references("receipts", "id", onDelete: .cascade))
            .field("owner_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("warranty_until", .string, .required)
            .field("reminded_at", .datetime, .required)
            .field("mailed_at", .datetime)
            .unique(on: "receipt_id", "warranty_until")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WarrantyReminder.schema).delete()
    }
}
