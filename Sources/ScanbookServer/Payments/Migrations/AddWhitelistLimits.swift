import Fluent

/// Whitelisting covers a beneficiary only up to a per-payment limit (issue 40). Entries made
/// before have none stored: they get the default limit, in the payment's currency.
struct AddWhitelistLimits: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WhitelistEntry.schema).field("limit_minor", .int64).update()
        try await database.schema(WhitelistEntry.schema).field("limit_currency", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WhitelistEntry.schema).deleteField("limit_minor").deleteField("limit_currency").update()
    }
}
