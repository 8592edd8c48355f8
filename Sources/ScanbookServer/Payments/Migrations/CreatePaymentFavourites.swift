import Fluent

struct CreatePaymentFavourites: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentFavourite.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("key", .string, .required)
            .field("uses", .int64, .required)
            .field("pinned_position", .int64)
            .unique(on: "owner_id", "key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentFavourite.schema).delete()
    }
}
