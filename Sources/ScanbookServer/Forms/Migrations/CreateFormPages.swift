import Fluent

struct CreateFormPages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("form_pages")
            .id()
            .field("template_id", .uuid, .required, .references("form_templates", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("photo_blob_id", .uuid, .required, .references("blobs", "id", onDelete: .cascade))
            .field("image_blob_id", .uuid, .required, .references("blobs", "id", onDelete: .cascade))
            .field("corners", .string, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("created_at", .datetime)
            .unique(on: "template_id", "number")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("form_pages").delete()
    }
}
