import Fluent

struct CreatePaymentFiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentFile.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("debit_account_id", .uuid, .required, .references(PaymentAccount.schema, .id, onDelete: .cascade))
            .field("execution_date", .string, .required)
            .field("message_id", .string, .required)
            .field("payment_count", .int, .required)
            .field("xml", .string, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentFile.schema).delete()
    }
}
