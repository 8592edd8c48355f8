import Fluent

/// Issue 45: the rate a receipt in another currency counts in the budget at (millionths of the
/// home currency per unit), when the person recorded one. Listed before
/// `ApplyFinishedReceiptCaptures`, which reads receipts through today's model.
struct AddReceiptRate: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Receipt.schema).field("rate_millionths", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Receipt.schema).deleteField("rate_millionths").update()
    }
}
