import Fluent

/// The merchant's name as OCR read it, kept so a correction can be remembered for that spelling.
struct AddReceiptMerchantReading: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("receipts").field("merchant_read", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("receipts").deleteField("merchant_read").update()
    }
}
