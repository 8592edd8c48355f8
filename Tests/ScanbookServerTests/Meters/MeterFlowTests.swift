import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct MeterFlowTests {
    @Test(arguments: TestDatabase.available)
    func aReadingFromPhotosIsProposedCorrectedAndCharted(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let red = try await anna.createMeter("Heizung", reference: "meter-red-reference")
            let blue = try await anna.createMeter("Strom Haus", reference: "meter-blue-reference", fields: ["pricePerUnit": "0,25"])
            #expect(try await Meter.find(blue, on: app.db)?.$preparedReference.id != nil)

            // 1. The photo: the blue meter is recognized.
            try await anna.get(MetersURL.read.path)
            let identified = try await anna.post(MetersURL.read.path, files: ["photo": try MeterFixtures.photo("meter-blue-photo")])
            #expect(identified.status == .seeOther, "\(identified.body.string)")
            let stripPage = try #require(identified.headers.first(name: .location))
            #expect(stripPage.contains("meter=\(blue.uuidString)"), "proposed the blue meter, not \(red)")
            let proposal = try await anna.get(stripPage)
            #expect(proposal.body.string.contains("id=\"proposed\""))
            #expect(proposal.body.string.contains("Strom Haus"))

            // 2. The strip marked on it is read digit by digit.
            let photoID = try #require(UUID(uuidString: String(stripPage.split(separator: "/").last!.split(separator: "?").first!)))
            var fields = MeterFixtures.stripCrop
            fields["meter"] = blue.uuidString
            let read = try await anna.post(MetersURL.readPhoto(photo: photoID).path, fields)
            #expect(read.status == .ok)
            #expect(read.body.string.contains("value=\"\(MeterFixtures.shownValue)\""), "the counter is read")
            #expect(read.body.string.contains("id=\"digit-table\""))

            // A strip marked off the counter reads nothing sure: the field stays empty and the page
            // says what was read, so no made-up value is saved by a tap.
            var offCounter = fields
            (offCounter["x"], offCounter["y"], offCounter["w"], offCounter["h"]) = ("20", "700", "500", "150")
            let unsure = try await anna.post(MetersURL.readPhoto(photo: photoID).path, offCounter).body.string
            #expect(unsure.contains(#"id="reading-unsure""#) && unsure.contains(#"name="value" value="""#))

            // 3. The user corrects the last digit and saves; the crop is remembered.
            let saved = try await anna.post(MetersURL.readings(id: blue).path, [
                "value": "4719.4", "takenAt": "2026-11-20T08:00", "photo": photoID.uuidString, "confidence": "0.8", "crop": "188,417,625,166",
            ])
            #expect(saved.status == .seeOther)
            let reading = try #require(try await MeterReading.query(on: app.db).filter(\.$meter.$id == blue).first())
            #expect(reading.steps == 47_194 && reading.source == .photo && reading.$photo.id == photoID)
            #expect(try await Meter.find(blue, on: app.db)?.stripCrop == "188,417,625,166")

            // A typed second reading; the page shows consumption, its cost and both charts.
            try await anna.addReading(blue, value: "4759.4", takenAt: "2026-11-22T08:00")
            let page = try await anna.get(MetersURL.meter(id: blue).path(query: [("period", "custom"), ("from", "2026-11-01"), ("to", "2026-11-30")]))
            let html = page.body.string
            #expect(html.contains("id=\"consumption-chart\"") && html.contains("<rect"))
            // The readings line: two points, the second higher (smaller y) and further right.
            let points = html.firstRange(of: #"<polyline points=""#).map { html[$0.upperBound...].prefix { $0 != "\"" } }?
                .split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } } ?? []
            #expect(points.count == 2 && points.allSatisfy { $0.count == 2 }, "the readings line has one point per reading")
            if points.count == 2, points.allSatisfy({ $0.count == 2 }) {
                #expect(points[1][0] > points[0][0] && points[1][1] < points[0][1], "it rises from the first to the second")
            }
            #expect(html.contains(">40.0<"), "used between the readings")
            #expect(html.contains("10.00 CHF"), "40 kWh at 0.25")
            #expect(html.contains(">20.000<"), "per day")
            #expect(html.contains("<td>2026-11-21</td><td class=\"num\">20.0 kWh</td><td class=\"num\">5.00 CHF</td>"), "a day of the period in the table")
        }
    }

    @Test(arguments: TestDatabase.available)
    func anImplausibleReadingIsFlaggedUntilReviewed(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let meter = try await anna.createMeter("Wasser", fields: ["kind": "water", "digits": "5", "decimals": "0"])
            #expect(try await Meter.find(meter, on: app.db)?.unit == "m³", "the unit defaults by kind")
            for (value, day) in [("100", "01"), ("110", "11"), ("121", "21")] {
                #expect(try await anna.addReading(meter, value: value, takenAt: "2026-10-\(day)T09:00").status == .seeOther)
            }
            #expect(try await MeterReading.query(on: app.db).filter(\.$flag != nil).count() == 0)

            try await anna.addReading(meter, value: "115", takenAt: "2026-10-25T09:00")
            let lower = try #require(try await MeterReading.query(on: app.db).filter(\.$steps == 115).first())
            #expect(lower.flag == .lowerThanBefore)
            let page = try await anna.get(MetersURL.meter(id: meter).path)
            #expect(page.body.string.contains("id=\"to-review\""))
            #expect(try await anna.get(SiteURL.home.path).body.string.contains("1 meter · 1 reading to review"), "the home tile says so, in the singular")

            try await anna.addReading(meter, value: "900", takenAt: "2026-10-31T09:00")
            #expect(try await MeterReading.query(on: app.db).filter(\.$steps == 900).first()?.flag == .unusualRate)

            // Reviewing clears the flag; correcting the value checks it again.
            try await anna.post(MetersURL.reading(id: meter, reading: lower.id).path, ["reviewed": "true"])
            #expect(try await MeterReading.find(lower.id, on: app.db)?.flag == nil)
            let fixed = try #require(try await MeterReading.query(on: app.db).filter(\.$steps == 900).first())
            try await anna.post(MetersURL.reading(id: meter, reading: fixed.id).path, ["value": "130", "takenAt": "2026-10-31T09:00"])
            #expect(try await MeterReading.find(fixed.id, on: app.db)?.flag == nil)

            // A value the counter cannot show is refused and nothing changes.
            let count = try await MeterReading.query(on: app.db).count()
            let refused = try await anna.addReading(meter, value: "123456", takenAt: "2026-11-01T09:00")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("99999"))
            #expect(try await MeterReading.query(on: app.db).count() == count)
            // …and the counter cannot be changed under existing readings.
            let locked = try await anna.post(MetersURL.meter(id: meter).path, ["name": "Wasser", "digits": "6", "decimals": "1"])
            #expect(locked.status == .unprocessableEntity)
            #expect(try await Meter.find(meter, on: app.db)?.digits == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theListShowsEachMetersLatestReadingAndWhatWaitsForReview(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let power = try await anna.createMeter("Strom")
            let water = try await anna.createMeter("Wasser", fields: ["kind": "water", "digits": "5", "decimals": "0"])
            try await anna.createMeter("Gas", fields: ["kind": "gas"])
            // Latest by the time taken, not by when it was typed: the back-dated reading comes last.
            try await anna.addReading(power, value: "1200.5", takenAt: "2026-03-01T10:00")
            try await anna.addReading(power, value: "1100.0", takenAt: "2026-02-01T10:00")
            for (value, day) in [("100", "01"), ("90", "11"), ("80", "21")] {
                try await anna.addReading(water, value: value, takenAt: "2026-10-\(day)T09:00")
            }
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let bens = try await ben.createMeter("Strom")
            try await ben.addReading(bens, value: "9999.9", takenAt: "2026-12-01T10:00")

            let page = try await anna.get(MetersURL.list.path).body.string
            #expect(page.contains("<strong>1200.5 kWh</strong>"))
            #expect(page.contains("<strong>80 m³</strong>"))
            #expect(page.contains("status-failed\">2 "), "two water readings wait for review")
            #expect(!page.contains("9999.9"), "Ben's reading is not Anna's")

            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let meters = try await api.send(.GET, MetersAPIRoute.meters).content.decode([MeterDTO].self)
            #expect(meters.map(\.name) == ["Gas", "Strom", "Wasser"])
            #expect(meters.map { $0.lastReading?.value } == [nil, "1200.5", "80"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func readingsGoOutAndComeBackAsCSV(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let first = try await anna.createMeter("Strom")
            try await anna.addReading(first, value: "1200.5", takenAt: "2026-01-01T10:00")
            try await anna.addReading(first, value: "1300.0", takenAt: "2026-02-01T10:00")
            let csv = try await anna.get(MetersURL.export(id: first).path)
            #expect(csv.headers.contentType?.description.hasPrefix("text/csv") == true)
            #expect(csv.body.string == "date,value\r\n2026-01-01,1200.5\r\n2026-02-01,1300.0\r\n")

            let second = try await anna.createMeter("Strom (Kopie)")
            let file = FormFile(filename: "readings.csv", contentType: "text/csv", bytes: Array(csv.body.string.utf8))
            #expect(try await anna.post(MetersURL.importCSV(id: second).path, files: ["file": file]).status == .seeOther)
            #expect(try await anna.get(MetersURL.export(id: second).path).body.string == csv.body.string)
            // Importing again skips what is there.
            try await anna.post(MetersURL.importCSV(id: second).path, files: ["file": file])
            #expect(try await MeterReading.query(on: app.db).filter(\.$meter.$id == second).count() == 2)

            // German spreadsheet export with one bad line: refused whole, the line named.
            let german = FormFile(filename: "stand.csv", contentType: "text/csv", bytes: Array("Datum;Wert\n01.03.2026;1400,0\n02.03.2026;viel\n".utf8))
            let refused = try await anna.post(MetersURL.importCSV(id: second).path, files: ["file": german])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("3:"))
            #expect(try await MeterReading.query(on: app.db).filter(\.$meter.$id == second).count() == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingAMeterAsksFirstThenTakesItsReadings(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let meter = try await anna.createMeter("Gas", fields: ["kind": "gas"])
            try await anna.addReading(meter, value: "10", takenAt: "2026-01-01T10:00")
            // A reference photo added later, and a reading deleted on the page.
            let referenced = try await anna.post(MetersURL.reference(id: meter).path, files: ["photo": try MeterFixtures.photo("meter-red-reference")])
            #expect(referenced.status == .seeOther)
            #expect(try await Meter.find(meter, on: app.db)?.$preparedReference.id != nil)
            let notAPhoto = FormFile(filename: "x.jpg", contentType: "image/jpeg", bytes: Array("not a photo".utf8))
            #expect(try await anna.post(MetersURL.reference(id: meter).path, files: ["photo": notAPhoto]).status == .unsupportedMediaType)
            try await anna.addReading(meter, value: "12", takenAt: "2026-01-02T10:00")
            let second = try #require(try await MeterReading.query(on: app.db).filter(\.$steps == 120).first())
            #expect(try await anna.post(MetersURL.deleteReading(id: meter, reading: second.id).path).status == .seeOther)
            #expect(try await MeterReading.query(on: app.db).count() == 1)

            let question = try await anna.get(MetersURL.delete(id: meter).path)
            #expect(question.status == .ok && question.body.string.contains("id=\"meter-delete\""))
            #expect(try await Meter.find(meter, on: app.db) != nil, "asking deletes nothing")
            #expect(try await anna.post(MetersURL.delete(id: meter).path).status == .seeOther)
            #expect(try await Meter.find(meter, on: app.db) == nil)
            #expect(try await MeterReading.query(on: app.db).count() == 0)

            let refused = try await anna.post(MetersURL.list.path, ["name": " ", "digits": "6"])
            #expect(refused.status == .unprocessableEntity)
            #expect(try await Meter.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersMeterIsNotFound(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let meter = try await anna.createMeter("Strom", reference: "meter-blue-reference")
            try await anna.addReading(meter, value: "10", takenAt: "2026-01-01T10:00")
            let reading = try #require(try await MeterReading.query(on: app.db).first()?.id)
            let photo = try #require(try await Meter.find(meter, on: app.db)?.$reference.id)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            try await ben.get(MetersURL.list.path)
            for path in [MetersURL.meter(id: meter), MetersURL.delete(id: meter), MetersURL.export(id: meter), MetersURL.readPhoto(photo: photo)] {
                #expect(try await ben.get(path.path).status == .notFound, "\(path.path)")
            }
            for path in [MetersURL.meter(id: meter), MetersURL.delete(id: meter), MetersURL.readings(id: meter),
                         MetersURL.reading(id: meter, reading: reading), MetersURL.deleteReading(id: meter, reading: reading)] {
                #expect(try await ben.post(path.path, ["value": "1", "name": "mine"]).status == .notFound, "\(path.path)")
            }
            // Ben's own meter does not let him reach Anna's reading or attach Anna's photo.
            let own = try await ben.createMeter("Bens")
            #expect(try await ben.post(MetersURL.reading(id: own, reading: reading).path, ["value": "2"]).status == .notFound)
            let borrowed = try await ben.post(MetersURL.readings(id: own).path, ["value": "2", "photo": photo.uuidString])
            #expect(borrowed.status == .unprocessableEntity)

            let api = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            for url in [MetersAPIRoute.meter(id: meter), MetersAPIRoute.readings(id: meter), MetersAPIRoute.consumption(id: meter), MetersAPIRoute.csv(id: meter)] {
                #expect(try await api.send(.GET, url).status == .notFound, "\(url.path)")
            }
            #expect(try await api.send(.DELETE, MetersAPIRoute.reading(id: meter, reading: reading)).status == .notFound)
            #expect(try await api.send(.DELETE, MetersAPIRoute.meter(id: meter)).status == .notFound)
            let benMeters = try await api.send(.GET, MetersAPIRoute.meters)
            #expect(try benMeters.content.decode([MeterDTO].self).map(\.name) == ["Bens"])

            #expect(try await MeterReading.query(on: app.db).filter(\.$meter.$id == meter).first()?.steps == 100, "Anna's data unchanged")
            #expect(try await Meter.find(meter, on: app.db)?.name == "Strom")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPICoversTheWholeModule(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))

            let created = try await api.send(.POST, MetersAPIRoute.meters, json: MeterInput(name: "Strom", kind: "electricity", digits: 6, decimals: 1, pricePerUnit: "0.2"))
            #expect(created.status == .created, "\(created.body.string)")
            let meter = try created.content.decode(MeterDTO.self)
            #expect(meter.unit == "kWh" && meter.pricePerUnit == "0.20")
            let invalid = try await api.send(.POST, MetersAPIRoute.meters, json: MeterInput(name: "X", digits: 3, decimals: 3))
            #expect(invalid.status == .unprocessableEntity)

            let other = try await api.send(.POST, MetersAPIRoute.meters, json: MeterInput(name: "Heizung", kind: "heat", digits: 6, decimals: 0))
            let heating = try other.content.decode(MeterDTO.self)
            #expect(try await api.upload(.PUT, MetersAPIRoute.reference(id: heating.id), files: ["photo": try MeterFixtures.photo("meter-red-reference")]).status == .ok)
            let withPhoto = try await api.upload(.PUT, MetersAPIRoute.reference(id: meter.id), files: ["photo": try MeterFixtures.photo("meter-blue-reference")])
            #expect(try withPhoto.content.decode(MeterDTO.self).referencePhoto != nil)

            let identified = try await api.upload(.POST, MetersAPIRoute.identify, files: ["photo": try MeterFixtures.photo("meter-blue-photo")])
            let identification = try identified.content.decode(IdentificationDTO.self)
            #expect(identification.meter == meter.id)
            #expect(identification.candidates.count == 2)

            let read = try await api.upload(.POST, MetersAPIRoute.read(id: meter.id), fields: MeterFixtures.stripCrop, files: ["strip": try MeterFixtures.photo("meter-blue-photo")])
            let strip = try read.content.decode(StripReadingDTO.self)
            #expect(strip.value == MeterFixtures.shownValue && strip.digits.count == 6)
            let badCrop = try await api.upload(.POST, MetersAPIRoute.read(id: meter.id), fields: ["x": "900", "y": "0", "w": "500", "h": "100"], files: ["strip": try MeterFixtures.photo("meter-blue-photo")])
            #expect(badCrop.status == .unprocessableEntity)

            for (value, time) in [("100.0", "2026-01-15T00:00:00Z"), ("162.0", "2026-02-15T00:00:00Z"), ("190.0", "2026-03-15")] {
                let added = try await api.send(.POST, MetersAPIRoute.readings(id: meter.id), json: ReadingInput(value: value, takenAt: time))
                #expect(added.status == .created, "\(added.body.string)")
            }
            let readings = try await api.send(.GET, MetersAPIRoute.readings(id: meter.id)).content.decode([ReadingDTO].self)
            #expect(readings.map(\.value) == ["100.0", "162.0", "190.0"])
            #expect(readings.map(\.consumption) == [nil, "62.0", "28.0"])

            // 2 a day from Jan 15 to Feb 15 (17 days of it in January), then 28 over 28.5 days.
            let consumption = try await api.send(.GET, MetersAPIRoute.consumption(id: meter.id), query: "?period=custom&from=2026-01-01&to=2026-04-30")
            let report = try consumption.content.decode(ConsumptionDTO.self)
            #expect(report.granularity == "month")
            #expect(report.buckets.map(\.start) == ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"])
            #expect(report.buckets.map(\.used) == ["34.0", "41.8", "14.2", nil], "interpolated between the readings, the parts adding up")
            #expect(report.total == "90.0" && report.totalCost == "18.00")
            // Dates that read but make no period: a 422; a date that does not read: a 400.
            #expect(try await api.send(.GET, MetersAPIRoute.consumption(id: meter.id), query: "?period=custom&from=2026-05-01&to=2026-04-01").status == .unprocessableEntity)
            #expect(try await api.send(.GET, MetersAPIRoute.consumption(id: meter.id), query: "?period=custom&from=May&to=2026-04-01").status == .badRequest)

            let patched = try await api.send(.PATCH, MetersAPIRoute.reading(id: meter.id, reading: readings[2].id), json: ReadingInput(value: "191.5"))
            #expect(try patched.content.decode(ReadingDTO.self).value == "191.5")
            #expect(try await api.send(.DELETE, MetersAPIRoute.reading(id: meter.id, reading: readings[0].id)).status == .noContent)

            let csv = try await api.send(.GET, MetersAPIRoute.csv(id: meter.id))
            #expect(csv.body.string == "date,value\r\n2026-02-15,162.0\r\n2026-03-15,191.5\r\n")
            let imported = try await api.sendCSV(MetersAPIRoute.csv(id: meter.id), "date,value\n2026-01-15,100.0\n2026-02-15,162.0\n")
            #expect(try imported.content.decode(CSVImportResultDTO.self).imported == 1)

            let renamed = try await api.send(.PATCH, MetersAPIRoute.meter(id: meter.id), json: MeterInput(name: "Strom Haus"))
            #expect(try renamed.content.decode(MeterDTO.self).name == "Strom Haus")
            #expect(try await api.send(.DELETE, MetersAPIRoute.meter(id: meter.id)).status == .noContent)
            #expect(try await api.send(.GET, MetersAPIRoute.meter(id: meter.id)).status == .notFound)
        }
    }

    /// Two meters whose reference photos are the same: the page asks, the likelier one listed first
    /// and nothing chosen for the user (issue 26).
    @Test func lookAlikeMetersAreAskedNotGuessed() async throws {
        try await withAnna(.sqlite) { app, anna in
            _ = try await anna.createMeter("Keller links", reference: "meter-blue-reference")
            _ = try await anna.createMeter("Keller rechts", reference: "meter-blue-reference")
            try await anna.get(MetersURL.read.path)
            let identified = try await anna.post(MetersURL.read.path, files: ["photo": try MeterFixtures.photo("meter-blue-photo")])
            let stripPage = try #require(identified.headers.first(name: .location))
            #expect(stripPage.contains("uncertain=1") && stripPage.contains("guess=") && !stripPage.contains("meter="))
            let page = try await anna.get(stripPage).body.string
            #expect(page.contains(#"id="uncertain""#) && !page.contains(#"id="proposed""#))
            let options = page.components(separatedBy: "<option").dropFirst()
            #expect(options.count == 3 && options.first?.contains("—") == true, "an empty choice first, then the meters")
            #expect(!options.contains { $0.contains("selected") }, "the user chooses")
            let guess = try #require(stripPage.components(separatedBy: "guess=").last?.prefix(36))
            #expect(options.dropFirst().first?.contains(String(guess)) == true, "the best guess is listed first")
        }
    }
}
