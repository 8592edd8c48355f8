import Fluent
import SQLKit

/// Issue 45: an expense made by a recurring one (which and for which date: unique together, so a
/// date is made once), and an expense paid in another currency (what was paid, in what, and the
/// rate used, in millionths). Listed before `AddListUniqueIndexes`, which reads expenses through
/// today's model.
struct AddExpenseRecurrenceAndRate: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        let columns: [(FieldKey, DatabaseSchema.DataType)] = [
            ("recurrence_id", .uuid), ("occurrence", .string), ("original_amount", .int64), ("original_currency", .string), ("rate_millionths", .int64),
        ]
        for (name, type) in columns {
            try await database.schema(ListExpense.schema).field(name, type).update()
        }
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "list_expenses_occurrence_once").unique().on(ListExpense.schema).column("recurrence_id").column("occurrence").run()
    }

    func revert(on database: any Database) async throws {
        if let sql = database as? any SQLDatabase { try await sql.drop(index: "list_expenses_occurrence_once").run() }
        for name in ["recurrence_id", "occurrence", "original_amount", "original_currency", "rate_millionths"] {
            try await database.schema(ListExpense.schema).deleteField(.string(name)).update()
        }
    }
}
