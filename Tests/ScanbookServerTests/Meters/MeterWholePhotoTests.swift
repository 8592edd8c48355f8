import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 42: the counter read from the photo a person takes. The fixtures (made by
/// `Fixtures/make_meter_photo_fixtures.py` with the bench's generator) are one rendered meter: its
/// reference straight on, and two later photos at an angle showing 73933.7 and 74190.0.
@Suite struct MeterWholePhotoTests {
    private func identify(_ photo: String, as anna: WebSession) async throws -> (page: String, photoID: UUID) {
        try await anna.get(MetersURL.read.path)
        let identified = try await anna.post(MetersURL.read.path, files: ["photo": try MeterFixtures.photo(photo)])
        #expect(identified.status == .seeOther, "\(identified.body.string)")
        let location = try #require(identified.headers.first(name: .location))
        let photoID = try #require(location.split(separator: "/").last?.split(separator: "?").first.flatMap { UUID(uuidString: String($0)) })
        return (try await anna.get(location).body.string, photoID)
    }

    @Test(arguments: TestDatabase.available)
    func theWindowIsFoundOnceAndEveryPhotoIsReadThere(_ database: TestDatabase) async throws {
        try await withAnna(database, configure: { $0.ocrEngine = .ppocr }) { app, anna in
            let meter = try await anna.createMeter("Strom", reference: "meter-plate-reference")
            // Found on the reference: the counter row of the rendered face (x 537–1063, y 303–395 of 1600×1200).
            let window = try #require(try await Meter.find(meter, on: app.db)?.window)
            #expect((320...360).contains(window.x) && (240...270).contains(window.y), "\(window)")
            #expect((290...340).contains(window.width) && (50...90).contains(window.height), "\(window)")
            let settings = try await anna.get(MetersURL.meter(id: meter).path).body.string
            #expect(settings.contains(#"id="window-form""#) && settings.contains(#"name="x" value="\#(window.x)""#))

            // A photo at an angle: aligned, cut and read; every digit sure, so the value is filled in.
            let first = try await identify("meter-plate-photo-1", as: anna)
            #expect(first.page.contains(#"id="read-method""#))
            #expect(first.page.contains(#"name="value" value="73933.7""#), "filled in from the whole photo")
            let saved = try await anna.post(MetersURL.readings(id: meter).path, [
                "value": "73933.7", "takenAt": "2026-11-01T08:00", "photo": first.photoID.uuidString,
            ])
            #expect(saved.status == .seeOther)

            let second = try await identify("meter-plate-photo-2", as: anna)
            #expect(second.page.contains(#"name="value" value="74190.0""#))
            try await anna.post(MetersURL.readings(id: meter).path, ["value": "74190.0", "takenAt": "2026-11-20T08:00"])
            let readings = try await MeterReading.query(on: app.db).filter(\.$meter.$id == meter).sort(\.$takenAt).all()
            #expect(readings.map(\.steps) == [739_337, 741_900])

            // Read again, the same photo is now lower than the last reading: offered, not filled in.
            let again = try await anna.get(MetersURL.readPhoto(photo: first.photoID).path(query: [("meter", meter.uuidString)])).body.string
            #expect(again.contains(#"id="reading-unsure""#) && again.contains(#"name="value" value="""#))
            #expect(again.contains("73933.7"), "what was read is shown")
        }
    }

    @Test(arguments: TestDatabase.available)
    func thePersonMovesTheWindowAndABadOneChangesNothing(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let meter = try await anna.createMeter("Gas")
            try await anna.get(MetersURL.meter(id: meter).path)
            let moved = try await anna.post(MetersURL.window(id: meter).path, ["x": "300", "y": "250", "w": "400", "h": "80"])
            #expect(moved.status == .seeOther)
            #expect(try await Meter.find(meter, on: app.db)?.counterWindow == "300,250,400,80")

            try await anna.get(MetersURL.meter(id: meter).path)
            let outside = try await anna.post(MetersURL.window(id: meter).path, ["x": "900", "y": "250", "w": "400", "h": "80"])
            #expect(outside.status == .unprocessableEntity)
            #expect(try await Meter.find(meter, on: app.db)?.counterWindow == "300,250,400,80", "left as it was")

            // Through the API too; a window that does not read is refused whole.
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let refused = try await api.send(.PATCH, MetersAPIRoute.meter(id: meter), json: ["name": "Gas neu", "counterWindow": "1,2,3"])
            #expect(refused.status == .unprocessableEntity)
            #expect(try await Meter.find(meter, on: app.db)?.name == "Gas")
            let tooLong = try await api.send(.POST, MetersAPIRoute.meters, json: ["name": "Wasser", "counterWindow": String(repeating: "1", count: 65)])
            #expect(tooLong.status == .unprocessableEntity)
            let created = try await api.send(.POST, MetersAPIRoute.meters, json: ["name": "Wasser", "counterWindow": "100,200,500,90"])
            #expect(try created.content.decode(MeterDTO.self).counterWindow == "100,200,500,90")
            let patched = try await api.send(.PATCH, MetersAPIRoute.meter(id: meter), json: ["counterWindow": "100,200,500,90"])
            #expect(try patched.content.decode(MeterDTO.self).counterWindow == "100,200,500,90")
        }
    }
}
