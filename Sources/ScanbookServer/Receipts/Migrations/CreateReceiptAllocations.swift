import Fluent
import SQLKit

struct CreateReceiptAllocations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // A category with bookings cannot vanish silently: deleting one reassigns them first.
        try await database.schema(ReceiptAllocation.schema)
            .id()
            .field("receipt_id", .uuid, .required, .references(Receipt.schema, .id, onDelete: .cascade))
            .field("category_id", .uuid, .required, .references(ReceiptCategory.schema, .id, onDelete: .restrict))
            .field("amount_hundredths", .int, .required)
            .unique(on: "receipt_id", "category_id")
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "receipt_allocations_category_idx").on(ReceiptAllocation.schema).column("category_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReceiptAllocation.schema).delete()
    }
}
