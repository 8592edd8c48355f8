import Fluent

/// The currency a shared list's expenses are kept in, fixed when the list is made; nil (lists made
/// before) keeps the server's default they were recorded in.
struct AddListCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ShoppingList.schema).field("currency", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ShoppingList.schema).deleteField("currency").update()
    }
}
