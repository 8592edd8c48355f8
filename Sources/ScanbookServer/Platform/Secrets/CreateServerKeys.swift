import Fluent

struct CreateServerKeys: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ServerKey.schema)
            .id()
            .field("name", .string, .required)
            .field("material", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ServerKey.schema).delete()
    }
}
