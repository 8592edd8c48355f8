import Fluent
import SQLKit

struct CreateExpenseShares: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ExpenseShare.schema)
            .id()
            .field("expense_id", .uuid, .required, .references(ListExpense.schema, .id, onDelete: .cascade))
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id))
            .field("amount", .int, .required)
            .field("value", .string)
            .field("position", .int, .required)
            .unique(on: "expense_id", "user_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // Balances sum one list's parts per person from the index alone.
            try await sql.create(index: "list_expense_shares_balance_idx").on(ExpenseShare.schema).column("list_id").column("user_id").column("amount").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ExpenseShare.schema).delete()
    }
}
