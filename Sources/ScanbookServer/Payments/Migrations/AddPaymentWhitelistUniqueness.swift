import Fluent
import SQLKit

/// One entry per account on each user's list and on the global list: the service checks first;
/// these partial unique indexes are the backstop against two requests at once.
struct AddPaymentWhitelistUniqueness: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.raw("CREATE UNIQUE INDEX payment_whitelist_personal_idx ON payment_whitelist (owner_id, account) WHERE owner_id IS NOT NULL").run()
        try await sql.raw("CREATE UNIQUE INDEX payment_whitelist_global_idx ON payment_whitelist (account) WHERE owner_id IS NULL").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.raw("DROP INDEX payment_whitelist_personal_idx").run()
        try await sql.raw("DROP INDEX payment_whitelist_global_idx").run()
    }
}
