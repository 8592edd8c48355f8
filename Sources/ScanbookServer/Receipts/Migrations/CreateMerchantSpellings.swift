import Fluent

struct CreateMerchantSpellings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("merchant_spellings")
            .id()
            .field("owner_id", .uuid, .required, .references("users", .id, onDelete: .cascade))
            .field("spelling", .string, .required)
            .field("merchant_id", .uuid, .required, .references("merchants", .id, onDelete: .cascade))
            .unique(on: "owner_id", "spelling")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("merchant_spellings").delete()
    }
}
