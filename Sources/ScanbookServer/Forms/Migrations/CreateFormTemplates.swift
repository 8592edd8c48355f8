import Fluent

struct CreateFormTemplates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("form_templates")
            .id()
            .field("owner_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("regions", .string, .required)
            .field("links", .string, .required)
            .field("roster", .string)
            .field("grade_step", .int, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("form_templates").delete()
    }
}
