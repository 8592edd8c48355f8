import Fluent
import Foundation
import SQLKit
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct CaptureTests {
    @Test(arguments: TestDatabase.available)
    func anUploadedPhotoIsReadByAWorker(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 1 }) { app, _ in
            app.startCaptureWorkers()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto())

            let pending = try await anna.get(SiteURL.capture(id: id).path)
            #expect(pending.status == .ok)

            let capture = try await app.waitForCapture(id)
            #expect(capture.status == .done, "error: \(capture.error ?? "none")")
            #expect(capture.attempts == 1)
            let result = try JSONDecoder().decode(DocumentCaptureResult.self, from: Data(try #require(capture.result).utf8))
            #expect(result.found)
            #expect(result.ocr.text.contains("STEUER"))
            #expect(result.ocr.words.count > 20)

            let page = try await anna.get(SiteURL.capture(id: id).path)
            #expect(page.headers.first(name: "Refresh") == nil, "no more reloading once done")
            #expect(page.body.string.contains("Rechnung"))
            #expect(try await anna.get(SiteURL.blob(id: result.pageImage).path).status == .ok)
            #expect(try await anna.get(SiteURL.blob(id: result.enhancedImage).path).headers.contentType?.description == "image/png")
        }
    }

    /// With PP-OCR configured, a document page is read as photographed: on the enhanced page it
    /// read this fixture's heading as "DELIVERYCONTRACT". The enhanced page is still kept.
    @Test(arguments: TestDatabase.available)
    func withPPOCRTheStraightenedPageIsReadAndTheEnhancedOneKept(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 1; $0.ocrEngine = .ppocr }) { app, _ in
            app.startCaptureWorkers()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto("document-2"))
            let capture = try await app.waitForCapture(id)
            #expect(capture.status == .done, "error: \(capture.error ?? "none")")
            let result = try JSONDecoder().decode(DocumentCaptureResult.self, from: Data(try #require(capture.result).utf8))
            struct Truth: Decodable { let text: String }
            let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: Fixtures.visionDirectory.appendingPathComponent("document-2.json")))
            let lines = truth.text.split(separator: "\n").map(String.init)
            // Every line as printed but the last, which neither reader finds on this photo.
            #expect(result.ocr.lines.map(\.text) == Array(lines.dropLast()))
            #expect(try await anna.get(SiteURL.blob(id: result.enhancedImage).path).headers.contentType?.description == "image/png")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPIQueuesAndReportsCaptures(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            app.registerTestProcessors()
            let token = try await app.apiToken(email: "anna@example.org")
            let photo = try Fixtures.documentPhoto()
            let created = try await app.testing().sendRequest(.POST, APIRoute.captures.path, headers: ["Authorization": "Bearer \(token)"], beforeRequest: { request in
                try request.content.encode(CaptureUploadForm(image: File(data: .init(bytes: photo.bytes), filename: "photo.jpg"), kind: "echo"), as: .formData)
            })
            #expect(created.status == .accepted)
            let dto = try created.content.decode(CaptureDTO.self)
            #expect(dto.status == .queued && dto.kind == "echo")

            #expect(try await app.captureWorkers.processNext(logger: app.logger))
            let shown = try await app.testing().sendRequest(.GET, APIRoute.capture(id: dto.id).path, headers: ["Authorization": "Bearer \(token)"])
            let done = try shown.content.decode(CaptureDTO.self)
            #expect(done.status == .done)
            #expect(done.result == .object(["bytes": .number(Double(photo.bytes.count)), "attempt": .number(1)]))

            let list = try await app.testing().sendRequest(.GET, APIRoute.captures.path, headers: ["Authorization": "Bearer \(token)"])
            #expect(try list.content.decode([CaptureDTO].self).map(\.id) == [dto.id])
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersCaptureIsNotFound(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            app.registerTestProcessors()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "echo")
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            #expect(try await ben.get(SiteURL.capture(id: id).path).status == .notFound)
            let benToken = try await app.apiToken(email: "ben2@example.org")
            let api = try await app.testing().sendRequest(.GET, APIRoute.capture(id: id).path, headers: ["Authorization": "Bearer \(benToken)"])
            #expect(api.status == .notFound)
            let photo = try #require(try await Capture.find(id, on: app.db))
            #expect(try await ben.get(SiteURL.blob(id: photo.$blob.id).path).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badUploadsAndUnknownKindsAreRefusedWithNothingStored(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            try await anna.get(SiteURL.captures.path)
            let text = FormFile(filename: "notes.jpg", contentType: "image/jpeg", bytes: Array("plain text".utf8))
            let notImage = try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": text])
            #expect(notImage.status == .unsupportedMediaType)
            let unknown = try await anna.post(SiteURL.captures.path, ["kind": "horoscope"], files: ["image": try Fixtures.documentPhoto()])
            #expect(unknown.status == .unprocessableEntity)
            #expect(unknown.body.string.contains("cannot read “horoscope”"))
            // A receipt or a form page is queued by its module, with the record it belongs to.
            let receipt = try await anna.post(SiteURL.captures.path, ["kind": "receipt"], files: ["image": try Fixtures.documentPhoto()])
            #expect(receipt.status == .unprocessableEntity && receipt.body.string.contains("sent from their own page"))
            let offered = try await anna.get(SiteURL.captures.path).body.string
            #expect(offered.contains(#"<option value="document">"#) && offered.contains(#"<option value="slip">"#))
            #expect(!offered.contains(#"<option value="receipt">"#) && !offered.contains(#"<option value="form">"#))
            #expect(try await Capture.query(on: app.db).count() == 0)
            #expect(try await StoredBlob.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aJobFailingRepeatedlyEndsFailedWithItsError(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            app.registerTestProcessors()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "explode")
            for attempt in 1...3 {
                #expect(try await app.captureWorkers.processNext(logger: app.logger))
                let capture = try #require(try await Capture.find(id, on: app.db))
                #expect(capture.attempts == attempt)
                #expect(capture.status == (attempt < 3 ? .queued : .failed))
            }
            #expect(try await app.captureWorkers.processNext(logger: app.logger) == false, "nothing left to do")
            let page = try await anna.get(SiteURL.capture(id: id).path)
            #expect(page.body.string.contains("the test processor always fails"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aJobLeftByACrashedWorkerIsTakenOverAndRecordedOnce(_ database: TestDatabase) async throws {
        let environment = TestEnvironment(database, configure: { $0.captureLease = 60 })
        do {
            try await crashAndRecover(environment)
        } catch {
            try? await environment.tearDown()
            throw error
        }
        try await environment.tearDown()
    }

    private func crashAndRecover(_ environment: TestEnvironment) async throws {
        let clock = MutableClock()
        // First process: a worker claims the job and dies before finishing it.
        let (id, staleClaim) = try await environment.withApp { app in
            app.clock = clock.appClock
            app.registerTestProcessors()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "echo")
            let queue = CaptureQueue(database: app.db as! any SQLDatabase, lease: 60, maximumAttempts: 3)
            let claim = try #require(try await queue.claim(now: clock.appClock.now()))
            #expect(try await queue.claim(now: clock.appClock.now()) == nil, "a leased job is not handed out twice")
            return (id, claim)
        }
        // Second process, after the lease ran out: the job is taken over and finished once.
        try await environment.withApp { app in
            app.clock = clock.appClock
            app.registerTestProcessors()
            #expect(try await app.captureWorkers.processNext(logger: app.logger) == false, "the lease still holds")
            clock.advance(by: 61)
            app.startCaptureWorkers()
            let capture = try await app.waitForCapture(id, timeout: .seconds(30))
            #expect(capture.status == .done)
            #expect(capture.attempts == 2)
            let result = try #require(capture.result)

            let queue = CaptureQueue(database: app.db as! any SQLDatabase, lease: 60, maximumAttempts: 3)
            #expect(try await queue.complete(staleClaim, outcome: try CaptureOutcome(["late": true], recognizedText: "late"), now: clock.appClock.now()) == false)
            #expect(try await Capture.find(id, on: app.db)?.result == result, "the late worker's result is discarded")
        }
    }
}

extension Application {
    /// Registers through the API and returns a bearer token.
    func apiToken(email: String) async throws -> String {
        let tester = try testing()
        _ = try await tester.sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
            try request.content.encode(RegisterRequest(name: "API user", email: email, password: "Sommer2025!"))
        })
        let login = try await tester.sendRequest(.POST, APIRoute.login.path, beforeRequest: { request in
            try request.content.encode(LoginRequest(email: email, password: "Sommer2025!", tokenName: nil))
        })
        return try login.content.decode(CreatedTokenDTO.self).token
    }
}
