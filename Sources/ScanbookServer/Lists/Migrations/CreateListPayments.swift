import Fluent

struct CreateListPayments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListPayment.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("from_user", .uuid, .required, .references(User.schema, .id))
            .field("to_user", .uuid, .required, .references(User.schema, .id))
            .field("amount", .int, .required)
            .field("currency", .string, .required)
            .field("paid_on", .string, .required)
            .field("recorded_by", .uuid, .required, .references(User.schema, .id))
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListPayment.schema).delete()
    }
}
