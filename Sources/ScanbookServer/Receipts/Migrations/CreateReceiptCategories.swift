import Fluent

struct CreateReceiptCategories: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReceiptCategory.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("monthly_budget_hundredths", .int)
            .field("created_at", .datetime)
            .unique(on: "owner_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReceiptCategory.schema).delete()
    }
}
