import Fluent

struct CreateReceiptProfiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReceiptProfile.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("currency", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "owner_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReceiptProfile.schema).delete()
    }
}
