import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 47, item 1: a reading flagged as implausible counts nowhere until it is confirmed.
@Suite struct FlaggedReadingTests {
    @Test(arguments: TestDatabase.available)
    func aFlaggedReadingStaysOutOfConsumptionAndCostUntilConfirmed(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let meter = try await api.send(.POST, MetersAPIRoute.meters, json: MeterInput(name: "Strom", kind: "electricity", digits: 6, decimals: 1, pricePerUnit: "0.2"))
                .content.decode(MeterDTO.self)
            for (value, time) in [("100.0", "2026-01-15T00:00:00Z"), ("131.0", "2026-02-01T00:00:00Z"), ("162.0", "2026-02-15T00:00:00Z"), ("99999.9", "2026-03-01T00:00:00Z"), ("190.0", "2026-03-15T00:00:00Z")] {
                #expect(try await api.send(.POST, MetersAPIRoute.readings(id: meter.id), json: ReadingInput(value: value, takenAt: time)).status == .created)
            }
            let readings = try await api.send(.GET, MetersAPIRoute.readings(id: meter.id)).content.decode([ReadingDTO].self)
            // The misread is flagged; the right reading after it is checked against 162.0, not against the misread.
            #expect(readings.map(\.flag) == [nil, nil, nil, "unusualRate", nil])
            #expect(readings.map(\.consumption) == [nil, "31.0", "31.0", nil, "28.0"])
            let query = "?period=custom&from=2026-01-01&to=2026-03-31"
            let before = try await api.send(.GET, MetersAPIRoute.consumption(id: meter.id), query: query).content.decode(ConsumptionDTO.self)
            #expect(before.total == "90.0" && before.totalCost == "18.00")
            let page = try await anna.get(MetersURL.meter(id: meter.id).path).body.string
            #expect(page.contains("not counted until confirmed"))

            // Confirmed, it counts (and so does the drop after it, read as the counter going round).
            let misread = try #require(readings.first { $0.value == "99999.9" })
            #expect(try await api.send(.PATCH, MetersAPIRoute.reading(id: meter.id, reading: misread.id), json: ReadingInput(reviewed: true)).status == .ok)
            let after = try await api.send(.GET, MetersAPIRoute.consumption(id: meter.id), query: query).content.decode(ConsumptionDTO.self)
            #expect(after.total == "100090.0")
            #expect(try await api.send(.GET, MetersAPIRoute.readings(id: meter.id)).content.decode([ReadingDTO].self).map(\.consumption) == [nil, "31.0", "31.0", "99837.9", "190.1"])
        }
    }
}
