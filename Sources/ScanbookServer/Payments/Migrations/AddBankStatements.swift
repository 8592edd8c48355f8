import Fluent

/// Issue 44: payments followed to the bank's booking. A payment records the day the bank booked
/// it and the bank's reference; every statement entry imported is remembered by account and the
/// bank's entry reference, so importing the same file twice changes nothing the second time.
struct AddBankStatements: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Payment.schema).field("booked_on", .string).update()
        try await database.schema(Payment.schema).field("bank_reference", .string).update()
        try await database.schema(BankStatementEntry.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("account", .string, .required)
            .field("reference", .string, .required)
            .field("outcome", .string, .required)
            .field("imported_at", .datetime, .required)
            .unique(on: "owner_id", "account", "reference")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BankStatementEntry.schema).delete()
        try await database.schema(Payment.schema).deleteField("bank_reference").update()
        try await database.schema(Payment.schema).deleteField("booked_on").update()
    }
}
