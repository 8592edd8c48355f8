import Fluent
import Foundation
import SQLKit

/// Unique indexes behind two checks that used to be check-then-insert: one private list per user
/// (two first requests at once made two), and a receipt shared as one expense only. Duplicates
/// the old race may have left are resolved first, keeping the oldest: an extra private list
/// becomes an ordinary list of its owner, an extra expense keeps its amount but not the link.
struct AddListUniqueIndexes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        let privateLists = try await ShoppingList.query(on: database).filter(\.$isPrivate == true).all()
        for lists in Dictionary(grouping: privateLists, by: { $0.$owner.id }).values where lists.count > 1 {
            for extra in Self.oldestFirst(lists, \.createdAt).dropFirst() {
                extra.isPrivate = false
                extra.name = "My list (2)"
                try await extra.save(on: database)
            }
        }
        let shared = try await ListExpense.query(on: database).filter(\.$receipt.$id != nil).all()
        for expenses in Dictionary(grouping: shared, by: { $0.$receipt.id }).values where expenses.count > 1 {
            for extra in Self.oldestFirst(expenses, \.createdAt).dropFirst() {
                extra.$receipt.id = nil
                try await extra.save(on: database)
            }
        }
        try await sql.raw("CREATE UNIQUE INDEX shopping_lists_one_private ON \(ident: ShoppingList.schema) (owner_id) WHERE is_private").run()
        try await sql.create(index: "list_expenses_receipt_once").unique().on(ListExpense.schema).column("receipt_id").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(index: "list_expenses_receipt_once").run()
        try await sql.drop(index: "shopping_lists_one_private").run()
    }

    private static func oldestFirst<Row>(_ rows: [Row], _ created: KeyPath<Row, Date?>) -> [Row] {
        rows.sorted { ($0[keyPath: created] ?? .distantPast) < ($1[keyPath: created] ?? .distantPast) }
    }
}
