import Fluent

struct CreateMeters: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Meter.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("unit", .string, .required)
            .field("digits", .int, .required)
            .field("decimals", .int, .required)
            .field("price_per_unit", .int)
            .field("reference_blob_id", .uuid, .references(StoredBlob.schema, .id, onDelete: .setNull))
            .field("reference_prepared_blob_id", .uuid, .references(StoredBlob.schema, .id, onDelete: .setNull))
            .field("strip_crop", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Meter.schema).delete()
    }
}
