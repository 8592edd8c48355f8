import Fluent

/// A person's home currency, chosen in the settings; nil follows the server's default.
struct AddUserCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("currency", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("currency").update()
    }
}
