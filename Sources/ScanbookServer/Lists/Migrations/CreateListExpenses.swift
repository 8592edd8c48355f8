import Fluent
import SQLKit

struct CreateListExpenses: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // Users are never deleted (no cascade): an expense outlives its payer's membership.
        try await database.schema(ListExpense.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("description", .string, .required)
            .field("amount", .int, .required)
            .field("currency", .string, .required)
            .field("paid_by", .uuid, .required, .references(User.schema, .id))
            .field("spent_on", .string, .required)
            .field("split", .string, .required)
            .field("receipt_id", .uuid, .references(Receipt.schema, .id, onDelete: .setNull))
            .field("added_by", .uuid, .required, .references(User.schema, .id))
            .field("created_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            // The history reads one list's expenses by date; balances sum them per payer from the
            // index alone and look up the latest addition.
            try await sql.create(index: "list_expenses_list_idx").on(ListExpense.schema).column("list_id").column("spent_on").run()
            try await sql.create(index: "list_expenses_balance_idx").on(ListExpense.schema).column("list_id").column("paid_by").column("amount").run()
            try await sql.create(index: "list_expenses_latest_idx").on(ListExpense.schema).column("list_id").column("created_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListExpense.schema).delete()
    }
}
