import Fluent

struct CreatePayments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Payment.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("debit_account_id", .uuid, .required, .references(PaymentAccount.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("beneficiary_name", .string, .required)
            .field("beneficiary_street", .string, .required)
            .field("beneficiary_building_number", .string, .required)
            .field("beneficiary_postal_code", .string, .required)
            .field("beneficiary_town", .string, .required)
            .field("beneficiary_country", .string, .required)
            .field("beneficiary_account", .string, .required)
            .field("amount_minor", .int64, .required)
            .field("currency", .string, .required)
            .field("reference_type", .string, .required)
            .field("reference", .string)
            .field("message", .string)
            .field("execution_date", .string, .required)
            .field("state", .string, .required)
            .field("rejection_reason", .string)
            .field("file_id", .uuid, .references(PaymentFile.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Payment.schema).delete()
    }
}
