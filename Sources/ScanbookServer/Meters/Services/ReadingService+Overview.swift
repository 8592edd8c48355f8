import Fluent
import SQLKit
import Vapor

/// What the meter list shows of each meter: its latest reading and how many readings wait for
/// review.
struct ReadingOverview {
    var latest: [UUID: MeterReading] = [:]
    var toReview: [UUID: Int] = [:]
}

extension ReadingService {
    /// The overview of all of one user's meters in three queries, however many meters and
    /// readings there are (the list used to load every meter's whole history).
    static func overview(ownerID: UUID, on database: any Database) async throws -> ReadingOverview {
        guard let sql = database as? any SQLDatabase else { throw Abort(.internalServerError, reason: "the meter list needs an SQL database") }
        struct Ranked: Decodable { let id: UUID }
        // The same order as `history`'s last element: latest time taken, then latest entered.
        let latestIDs = try await sql.raw("""
            SELECT id FROM (
                SELECT r.id, ROW_NUMBER() OVER (PARTITION BY r.meter_id ORDER BY r.taken_at DESC, r.created_at DESC) AS position
                FROM \(ident: MeterReading.schema) r JOIN \(ident: Meter.schema) m ON m.id = r.meter_id
                WHERE m.owner_id = \(bind: ownerID)
            ) AS ranked WHERE position = 1
            """).all(decoding: Ranked.self).map(\.id)
        var overview = ReadingOverview()
        if !latestIDs.isEmpty {
            for reading in try await MeterReading.query(on: database).filter(\.$id ~~ latestIDs).all() {
                overview.latest[reading.$meter.id] = reading
            }
        }
        struct Flagged: Decodable {
            let meter: UUID
            let count: Int
        }
        let flagged = try await sql.raw("""
            SELECT r.meter_id AS meter, CAST(COUNT(*) AS BIGINT) AS count
            FROM \(ident: MeterReading.schema) r JOIN \(ident: Meter.schema) m ON m.id = r.meter_id
            WHERE m.owner_id = \(bind: ownerID) AND r.flag IS NOT NULL GROUP BY r.meter_id
            """).all(decoding: Flagged.self)
        for row in flagged { overview.toReview[row.meter] = row.count }
        return overview
    }
}
