import Fluent
import SQLKit

struct CreateListItems: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListItem.schema)
            .id()
            .field("list_id", .uuid, .required, .references(ShoppingList.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("brand", .string)
            .field("quantity", .string)
            .field("category", .string)
            .field("barcode", .string)
            .field("added_by", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("checked_at", .datetime)
            .field("cleared_at", .datetime)
            .field("created_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            // The list page reads one list's items.
            try await sql.create(index: "list_items_list_idx").on(ListItem.schema).column("list_id").column("created_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListItem.schema).delete()
    }
}
