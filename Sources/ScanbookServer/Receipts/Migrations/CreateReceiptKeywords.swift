import Fluent

struct CreateReceiptKeywords: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(TotalKeyword.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("phrase", .string, .required)
            .field("weight", .int, .required)
            .field("learned", .bool, .required)
            .field("created_at", .datetime)
            .unique(on: "owner_id", "phrase")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TotalKeyword.schema).delete()
    }
}
