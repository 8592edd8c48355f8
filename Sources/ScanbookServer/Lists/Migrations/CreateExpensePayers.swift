import Fluent

/// Issue 45: expenses paid by several people.
struct CreateExpensePayers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ExpensePayer.schema)
            .id()
            .field("expense_id", .uuid, .required, .references(ListExpense.schema, "id", onDelete: .cascade))
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id"))
            .field("amount", .int64, .required)
            .field("position", .int, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ExpensePayer.schema).delete()
    }
}
