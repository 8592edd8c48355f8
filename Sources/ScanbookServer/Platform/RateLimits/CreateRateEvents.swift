import Fluent
import SQLKit

struct CreateRateEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RateEvent.schema)
            .id()
            .field("scope", .string, .required)
            .field("key", .string, .required)
            .field("at", .datetime, .required)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "rate_events_lookup_idx").on(RateEvent.schema).column("scope").column("key").column("at").run()
            try await sql.create(index: "rate_events_at_idx").on(RateEvent.schema).column("at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RateEvent.schema).delete()
    }
}

/// The first throttle's table; `RateEvent` counts failures per account and per address now.
struct DropLoginFailures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LoginFailure.schema).delete()
    }

    func revert(on database: any Database) async throws {
        try await CreateLoginFailures().prepare(on: database)
    }
}
