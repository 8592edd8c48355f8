import Fluent

/// The total model's second choice, offered on review when the total is unsure.
struct AddReceiptTotalRunnerUp: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("receipts").field("runner_up_hundredths", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("receipts").deleteField("runner_up_hundredths").update()
    }
}
