import Fluent
import SQLKit

struct CreateLoginFailures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LoginFailure.schema)
            .id()
            .field("email", .string, .required)
            .field("failed_at", .datetime, .required)
            .create()
        // Every login attempt looks up the recent failures of one address.
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "login_failures_email_idx").on(LoginFailure.schema).column("email").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginFailure.schema).delete()
    }
}
