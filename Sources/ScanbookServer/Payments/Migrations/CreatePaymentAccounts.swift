import Fluent

struct CreatePaymentAccounts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentAccount.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("iban", .string, .required)
            .field("currency", .string, .required)
            .field("is_default", .bool, .required)
            .field("created_at", .datetime)
            .unique(on: "owner_id", "iban")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentAccount.schema).delete()
    }
}
