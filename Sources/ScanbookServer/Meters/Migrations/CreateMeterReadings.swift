import Fluent
import SQLKit

struct CreateMeterReadings: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MeterReading.schema)
            .id()
            .field("meter_id", .uuid, .required, .references(Meter.schema, .id, onDelete: .cascade))
            .field("steps", .int64, .required)
            .field("taken_at", .datetime, .required)
            .field("source", .string, .required)
            .field("photo_blob_id", .uuid, .references(StoredBlob.schema, .id, onDelete: .setNull))
            .field("confidence", .double)
            .field("flag", .string)
            .field("created_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            // History pages and charts read one meter's readings in time order.
            try await sql.create(index: "meter_readings_meter_time_idx").on(MeterReading.schema).column("meter_id").column("taken_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MeterReading.schema).delete()
    }
}
