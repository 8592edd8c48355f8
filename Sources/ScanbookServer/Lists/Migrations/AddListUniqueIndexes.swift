import Fluent
import SQLKit

/// Unique indexes behind two checks that used to be check-then-insert: one private list per user
/// (two first requests at once made two), and a receipt shared as one expense only.
struct AddListUniqueIndexes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.raw("CREATE UNIQUE INDEX shopping_lists_one_private ON \(ident: ShoppingList.schema) (owner_id) WHERE is_private").run()
        try await sql.create(index: "list_expenses_receipt_once").unique().on(ListExpense.schema).column("receipt_id").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(index: "list_expenses_receipt_once").run()
        try await sql.drop(index: "shopping_lists_one_private").run()
    }
}
