import Fluent

/// Issue 45: expenses that come back every week, month or year.
struct CreateRecurringExpenses: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RecurringExpense.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, "id", onDelete: .cascade))
            .field("description", .string, .required)
            .field("amount", .int64, .required)
            .field("paid_by", .uuid, .required, .references("users", "id"))
            .field("members", .string)
            .field("frequency", .string, .required)
            .field("starts_on", .string, .required)
            .field("ends_on", .string)
            .field("next_index", .int, .required)
            .field("added_by", .uuid, .required, .references("users", "id"))
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RecurringExpense.schema).delete()
    }
}
