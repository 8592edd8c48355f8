import Fluent
import SQLKit

struct CreateReceipts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Receipt.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("capture_id", .uuid, .references(Capture.schema, .id, onDelete: .setNull))
            .field("image_blob_id", .uuid, .references(StoredBlob.schema, .id, onDelete: .setNull))
            .field("state", .string, .required)
            .field("total_minor", .int)
            .field("total_decimals", .int, .required)
            .field("currency", .string)
            .field("purchased_on", .string)
            .field("merchant_id", .uuid, .references(Merchant.schema, .id, onDelete: .setNull))
            .field("note", .string)
            .field("ocr_text", .string)
            .field("extracted_total_minor", .int)
            .field("confidence", .double)
            .field("warranty_until", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            // Month views and lists select a user's receipts by purchase date.
            try await sql.create(index: "receipts_owner_date_idx").on(Receipt.schema).column("owner_id").column("purchased_on").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Receipt.schema).delete()
    }
}
