import Fluent

/// Issue 45: a category whose unspent budget carries over, from the month it was switched on.
/// Listed before `ApplyFinishedReceiptCaptures`, which may read categories through today's model.
struct AddCategoryCarryOver: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ReceiptCategory.schema).field("carry_over_since", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReceiptCategory.schema).deleteField("carry_over_since").update()
    }
}
