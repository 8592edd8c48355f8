import Fluent

/// Where the counter sits on the meter's reference photo ("x,y,w,h" in thousandths), found when
/// the photo is set and confirmed or moved by the person (issue 42).
struct AddMeterCounterWindow: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Meter.schema).field("counter_window", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Meter.schema).deleteField("counter_window").update()
    }
}
