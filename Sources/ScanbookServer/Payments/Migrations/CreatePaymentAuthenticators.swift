import Fluent

struct CreatePaymentAuthenticators: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentAuthenticator.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("sealed_secret", .string, .required)
            .field("confirmed_at", .datetime)
            .field("last_counter", .int64)
            .field("created_at", .datetime)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentAuthenticator.schema).delete()
    }
}
