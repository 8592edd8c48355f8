import Fluent

struct CreateFormShares: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("form_shares")
            .id()
            .field("template_id", .uuid, .required, .references("form_templates", "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("can_edit", .bool, .required)
            .field("created_at", .datetime)
            .unique(on: "template_id", "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("form_shares").delete()
    }
}
