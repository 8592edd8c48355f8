import Fluent

struct CreateMerchants: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Merchant.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("last_category_id", .uuid, .references(ReceiptCategory.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .unique(on: "owner_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Merchant.schema).delete()
    }
}
