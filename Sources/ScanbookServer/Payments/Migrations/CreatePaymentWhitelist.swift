import Fluent
import SQLKit

struct CreatePaymentWhitelist: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WhitelistEntry.schema)
            .id()
            .field("owner_id", .uuid, .references(User.schema, .id, onDelete: .cascade))
            .field("account", .string, .required)
            .field("name", .string, .required)
            .field("street", .string, .required)
            .field("building_number", .string, .required)
            .field("postal_code", .string, .required)
            .field("town", .string, .required)
            .field("country", .string, .required)
            .field("clearing_number", .string)
            .field("bank_name", .string)
            .field("bank_address", .string)
            .field("created_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "payment_whitelist_account_idx").on(WhitelistEntry.schema).column("account").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WhitelistEntry.schema).delete()
    }
}
