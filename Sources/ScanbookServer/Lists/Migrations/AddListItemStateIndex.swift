import Fluent
import SQLKit

/// A list page counts the open items and reads the latest bought ones; on a list of thousands both
/// scanned every row of the list without this index.
struct AddListItemStateIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "list_items_state_idx").on(ListItem.schema).column("list_id").column("checked_at").column("cleared_at").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(index: "list_items_state_idx").run()
    }
}
