import Fluent

struct CreateFormScanPages: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("form_scan_pages")
            .id()
            .field("scan_id", .uuid, .required, .references("form_scans", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("photo_blob_id", .uuid, .required, .references("blobs", "id", onDelete: .cascade))
            .field("aligned_blob_id", .uuid, .references("blobs", "id", onDelete: .setNull))
            .unique(on: "scan_id", "number")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("form_scan_pages").delete()
    }
}
