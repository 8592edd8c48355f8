import Fluent

struct CreatePaymentTemplates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentTemplateFolder.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .unique(on: "owner_id", "name")
            .create()
        try await database.schema(PaymentTemplate.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("folder_id", .uuid, .references(PaymentTemplateFolder.schema, .id, onDelete: .setNull))
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("debit_account_id", .uuid, .references(PaymentAccount.schema, .id, onDelete: .setNull))
            .field("beneficiary_name", .string, .required)
            .field("beneficiary_street", .string, .required)
            .field("beneficiary_building_number", .string, .required)
            .field("beneficiary_postal_code", .string, .required)
            .field("beneficiary_town", .string, .required)
            .field("beneficiary_country", .string, .required)
            .field("beneficiary_account", .string, .required)
            .field("amount", .string, .required)
            .field("currency", .string, .required)
            .field("reference_type", .string, .required)
            .field("reference", .string, .required)
            .field("message", .string, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentTemplate.schema).delete()
        try await database.schema(PaymentTemplateFolder.schema).delete()
    }
}
