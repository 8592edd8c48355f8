import Fluent

/// Issue 44: QR-bills out. A user's bills are numbered from 1 and found by their reference when a
/// statement credits money for them.
struct CreateIssuedBills: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(IssuedBill.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("account_id", .uuid, .required, .references(PaymentAccount.schema, .id, onDelete: .cascade))
            .field("number", .int, .required)
            .field("language", .string, .required)
            .field("reference_type", .string, .required)
            .field("reference", .string)
            .field("amount_minor", .int64)
            .field("currency", .string, .required)
            .field("paid_minor", .int64, .required)
            .field("payload", .string, .required)
            .field("debtor_name", .string)
            .field("created_at", .datetime)
            .unique(on: "owner_id", "number")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(IssuedBill.schema).delete()
    }
}
