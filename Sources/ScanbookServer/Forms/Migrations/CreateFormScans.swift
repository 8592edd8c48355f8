import Fluent

struct CreateFormScans: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("form_scans")
            .id()
            .field("template_id", .uuid, .required, .references("form_templates", "id", onDelete: .cascade))
            .field("scanned_by", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("capture_id", .uuid, .references("captures", "id", onDelete: .setNull))
            .field("state", .string, .required)
            .field("reading", .string)
            .field("values", .string, .required)
            .field("student_number", .string)
            .field("student_name", .string)
            .field("student_group", .string)
            .field("ok", .bool, .required)
            .field("reviewed", .bool, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("form_scans").delete()
    }
}
