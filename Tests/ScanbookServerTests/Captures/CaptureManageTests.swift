import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A processor that reports recognized lines, as a receipt's does.
struct LinesProcessor: CaptureProcessor {
    let kind = CaptureKind("lines")
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let lines = ["", "  Invoice 100% paid_ok  ", "Gartenstraße 5"]
        return try CaptureOutcome(["lines": lines], recognizedText: lines.joined(separator: "\n"))
    }
}

/// A processor that makes a derived image, as the document and receipt processors do.
struct DerivedImageProcessor: CaptureProcessor {
    let kind = CaptureKind("derived")
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let page = try await context.storeDerived(try Fixtures.bytes("avatar.png"), content: .png)
        return try CaptureOutcome(["pageImage": page], recognizedText: nil)
    }
}

/// Scans: titles (own and default), search, delete and who may do what.
@Suite struct CaptureManageTests {
    private func scans(_ app: Application) async throws -> (anna: WebSession, api: APIClient, lines: UUID, shed: UUID, plain: UUID) {
        app.registerTestProcessors()
        app.captureProcessors.register(LinesProcessor())
        let anna = WebSession(app)
        try await anna.register(email: "anna@example.org")
        let lines = try await anna.uploadCapture(try Fixtures.documentPhoto("document-1"), kind: "lines")
        let shed = try await anna.uploadCapture(try Fixtures.documentPhoto("document-2"), kind: "echo")
        let plain = try await anna.uploadCapture(try Fixtures.documentPhoto("document-2"), kind: "echo")
        while try await app.captureWorkers.processNext(logger: app.logger) {}
        let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
        return (anna, api, lines, shed, plain)
    }

    private func found(_ api: APIClient, _ search: String) async throws -> Set<UUID> {
        let query = search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try await api.send(.GET, APIRoute.captures, query: "?q=\(query)")
        #expect(response.status == .ok, "\(search): \(response.body.string)")
        return Set(try response.content.decode([CaptureDTO].self).map(\.id))
    }

    @Test(arguments: TestDatabase.available)
    func titlesAreEditedOnThePageAndByAPIWithDefaultsFromTheTextOrDate(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let (anna, api, lines, shed, plain) = try await scans(app)
            #expect(try await Capture.find(lines, on: app.db)?.recognizedText == "\n  Invoice 100% paid_ok  \nGartenstraße 5", "the worker keeps the text")

            try await anna.get(SiteURL.capture(id: shed).path)
            let saved = try await anna.post(SiteURL.capture(id: shed).path, ["title": "  Garden SHED\nplan "])
            #expect(saved.status == .seeOther)
            let page = try await anna.get(SiteURL.capture(id: shed).path)
            #expect(page.body.string.contains("<span id=\"capture-heading\">Garden SHED plan</span>"))
            #expect(page.body.string.contains("Title saved."))
            let tooLong = try await anna.post(SiteURL.capture(id: shed).path, ["title": String(repeating: "x", count: 121)])
            #expect(tooLong.status == .unprocessableEntity)
            #expect(tooLong.body.string.contains("at most 120 characters"))

            let list = try await anna.get(SiteURL.captures.path).body.string
            #expect(list.contains(">Garden SHED plan</a>"))
            #expect(list.contains(">Invoice 100% paid_ok</a>"), "the first recognized line")
            let plainDate = Formatting.dateTime(try await Capture.find(plain, on: app.db)?.createdAt, locale: "en")
            #expect(list.contains("capture_kind_echo · \(plainDate)</a>") || list.contains("· \(plainDate)</a>"), "no text: the kind and date")

            let renamed = try await api.send(.PATCH, APIRoute.capture(id: plain), json: ["title": "Lease"])
            #expect(renamed.status == .ok)
            #expect(try renamed.content.decode(CaptureDTO.self).title == "Lease")
            #expect(try await api.send(.PATCH, APIRoute.capture(id: plain), json: ["title": String(repeating: "y", count: 121)]).status == .unprocessableEntity)
            // Counted as sent and in code points, as the document's maxLength counts.
            #expect(try await api.send(.PATCH, APIRoute.capture(id: plain), json: ["title": String(repeating: "y", count: 120) + " "]).status == .unprocessableEntity)
            #expect(try await api.send(.PATCH, APIRoute.capture(id: plain), json: ["title": String(repeating: "y", count: 119) + "e\u{301}"]).status == .unprocessableEntity)
            let wrongType = try await api.send(.PATCH, path: APIRoute.capture(id: plain).path, body: "{\"title\": 5}", contentType: "application/json")
            #expect([.badRequest, .unprocessableEntity].contains(wrongType.status), "\(wrongType.status)")
            let cleared = try await api.send(.PATCH, path: APIRoute.capture(id: plain).path, body: "{\"title\": null}", contentType: "application/json")
            #expect(try cleared.content.decode(CaptureDTO.self).title == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func searchFindsTitleAndTextIgnoringCaseWithWildcardsTakenLiterally(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let (anna, api, lines, shed, plain) = try await scans(app)
            #expect(try await api.send(.PATCH, APIRoute.capture(id: shed), json: ["title": "Garden SHED"]).status == .ok)
            #expect(try await found(api, "shed") == [shed])
            #expect(try await found(api, "gARDEN sh") == [shed])
            #expect(try await found(api, "INVOICE") == [lines], "recognized text")
            #expect(try await found(api, "100%") == [lines])
            #expect(try await found(api, "%") == [lines], "% is literal")
            #expect(try await found(api, "_") == [lines], "_ is literal")
            #expect(try await found(api, "0% p") == [lines])
            #expect(try await found(api, "nothing like it") == [])
            #expect(try await found(api, "") == [lines, shed, plain])

            let page = try await anna.get(SiteURL.captures.path + "?q=SHED").body.string
            #expect(page.contains(">Garden SHED</a>") && !page.contains("Invoice"))
            #expect(page.contains("value=\"SHED\""), "the search stays in its field")
            let long = String(repeating: "a", count: 101)
            let tooLong = try await anna.get(SiteURL.captures.path + "?q=\(long)")
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.body.string.contains("at most 100 characters"))
            #expect(try await api.send(.GET, APIRoute.captures, query: "?q=\(long)").status == .badRequest)
            // Counted as sent and in code points, as the document's maxLength: trailing spaces and
            // an accent written as a combining mark count too.
            #expect(try await api.send(.GET, APIRoute.captures, query: "?q=\(String(long.dropLast()))%20").status == .badRequest)
            #expect(try await api.send(.GET, APIRoute.captures, query: "?q=\(String(repeating: "e%CC%81", count: 51))").status == .badRequest)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUserCannotSeeRenameOrDeleteAScan(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let (_, _, lines, shed, _) = try await scans(app)
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            #expect(try await ben.get(SiteURL.capture(id: shed).path).status == .notFound)
            #expect(try await ben.post(SiteURL.capture(id: shed).path, ["title": "mine"]).status == .notFound)
            #expect(try await ben.post(SiteURL.capture(id: shed).path + "/delete").status == .notFound)
            #expect(!(try await ben.get(SiteURL.captures.path + "?q=invoice").body.string.contains("Invoice")))
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.PATCH, APIRoute.capture(id: shed), json: ["title": "mine"]).status == .notFound)
            #expect(try await benAPI.send(.DELETE, APIRoute.capture(id: lines)).status == .notFound)
            #expect(try await found(benAPI, "invoice") == [])
            #expect(try await Capture.find(shed, on: app.db)?.title == nil)
            #expect(try await Capture.query(on: app.db).count() == 3)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingWaitsForTheWorkerAndKeepsAPhotoStillInUse(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let (anna, api, lines, shed, plain) = try await scans(app)
            // A queued job is refused on the page and by the API; the worker then finishes it.
            let queued = try await anna.uploadCapture(try Fixtures.documentPhoto("document-1"), kind: "echo")
            try await anna.get(SiteURL.capture(id: queued).path)
            let refused = try await anna.post(SiteURL.capture(id: queued).path + "/delete")
            #expect(refused.status == .conflict)
            #expect(refused.body.string.contains("still being read"))
            #expect(try await api.send(.DELETE, APIRoute.capture(id: queued)).status == .conflict)
            #expect(try await app.captureWorkers.processNext(logger: app.logger))
            #expect(try await Capture.find(queued, on: app.db)?.status == .done)

            // `shed` and `plain` are the same photo: one blob, kept while either scan names it.
            let shared = try #require(try await Capture.find(shed, on: app.db)).$blob.id
            #expect(try await Capture.find(plain, on: app.db)?.$blob.id == shared)
            try await anna.get(SiteURL.capture(id: shed).path)
            let deleted = try await anna.post(SiteURL.capture(id: shed).path + "/delete")
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers.first(name: .location) == SiteURL.captures.path)
            #expect(try await anna.get(SiteURL.captures.path).body.string.contains("Scan deleted."))
            #expect(try await anna.get(SiteURL.capture(id: shed).path).status == .notFound)
            let later = Date().addingTimeInterval(2 * Application.blobSweepGrace)
            _ = try await app.sweepBlobs(now: later)
            #expect(try await StoredBlob.find(shared, on: app.db) != nil, "still the photo of another scan")

            #expect(try await api.send(.DELETE, APIRoute.capture(id: plain)).status == .noContent)
            #expect(try await api.send(.GET, APIRoute.capture(id: plain)).status == .notFound)
            let hash = try #require(try await StoredBlob.find(shared, on: app.db)).hash
            let sweep = try await app.sweepBlobs(now: later)
            #expect(sweep.rowsRemoved >= 1)
            #expect(try await StoredBlob.find(shared, on: app.db) == nil, "no orphan left")
            #expect(try await !app.blobStore.contains(hash))
            #expect(try await Capture.find(lines, on: app.db) != nil)
        }
    }

    /// A derived image is named only in the result's JSON: it must outlive the sweep as long as its
    /// scan exists (it was removed an hour after processing), and go with the scan.
    @Test(arguments: TestDatabase.available)
    func derivedImagesLiveAsLongAsTheirScan(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            app.registerTestProcessors()
            app.captureProcessors.register(DerivedImageProcessor())
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let scan = try await anna.uploadCapture(try Fixtures.documentPhoto("document-1"), kind: "derived")
            #expect(try await app.captureWorkers.processNext(logger: app.logger))
            let result = try #require(try await Capture.find(scan, on: app.db)?.result)
            let page = try #require(Capture.derivedBlobIDs(inResult: result).first)
            // Scans finished before the table existed get their rows from the stored result.
            try await CreateCaptureDerivedBlobs().revert(on: app.db)
            try await CreateCaptureDerivedBlobs().prepare(on: app.db)
            #expect(try await CaptureDerivedBlob.query(on: app.db).all().map(\.$blob.id) == [page])
            let later = Date().addingTimeInterval(2 * Application.blobSweepGrace)
            _ = try await app.sweepBlobs(now: later)
            #expect(try await StoredBlob.find(page, on: app.db) != nil, "kept while the scan exists")

            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            #expect(try await api.send(.DELETE, APIRoute.capture(id: scan)).status == .noContent)
            _ = try await app.sweepBlobs(now: later)
            #expect(try await StoredBlob.find(page, on: app.db) == nil, "gone with the scan")
            #expect(try await CaptureDerivedBlob.query(on: app.db).count() == 0)
        }
    }

    @Test func theBackfillReadsTheTextOfEveryKindOfOlderResult() {
        #expect(AddCaptureTitles.recognizedText(inResult: #"{"ocr":{"text":"Rechnung\nTotal","words":[]},"found":true}"#) == "Rechnung\nTotal")
        #expect(AddCaptureTitles.recognizedText(inResult: #"{"lines":["Coop","Total 9.00"],"total":null}"#) == "Coop\nTotal 9.00")
        #expect(AddCaptureTitles.recognizedText(inResult: #"{"bytes":12}"#) == nil)
        #expect(AddCaptureTitles.recognizedText(inResult: "not json") == nil)
    }
}
