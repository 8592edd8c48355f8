import Fluent

/// A receipt's items as the reader found them, and whether they add up (issue 41).
struct CreateReceiptLineItems: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReceiptLineItem.schema)
            .id()
            .field("receipt_id", .uuid, .required, .references("receipts", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("name", .string, .required)
            .field("quantity", .string)
            .field("unit_price_hundredths", .int64)
            .field("amount_hundredths", .int64, .required)
            .create()
        try await database.schema("receipts").field("items_add_up", .bool).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReceiptLineItem.schema).delete()
        try await database.schema("receipts").deleteField("items_add_up").update()
    }
}
