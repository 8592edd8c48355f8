import Fluent

/// Issue 45: the rate table expenses and budgets in another currency are converted with.
struct CreateExchangeRates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StoredExchangeRate.schema)
            .id()
            .field("day", .string, .required)
            .field("currency", .string, .required)
            .field("rate_millionths", .int64, .required)
            .unique(on: "currency", "day")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StoredExchangeRate.schema).delete()
    }
}
