import Fluent
import NIOConcurrencyHelpers
import Foundation
import SQLKit
import ScanbookVision
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A processor stuck in a blocking call on a thread-pool thread, as OpenCV or Tesseract deep in
/// a call would be: cancellation cannot reach it. `release()` lets it return at the end.
final class HangingProcessor: CaptureProcessor, @unchecked Sendable {
    let kind = CaptureKind("hang")
    private let gate = DispatchSemaphore(value: 0)
    private let stuck = NIOLockedValueBox(0)

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        stuck.withLockedValue { $0 += 1 }
        let gate = gate
        try await context.offload { gate.wait() }
        return try CaptureOutcome([String: String](), recognizedText: nil)
    }

    func release() {
        for _ in 0..<stuck.withLockedValue({ $0 }) { gate.signal() }
    }

    /// An app with this processor registered and one "hang" job of Anna's queued; the processor is
    /// released when `body` ends, so no thread stays blocked after the test.
    static func withQueuedJob(
        _ database: TestDatabase, configure: (inout AppConfig) -> Void, _ body: (Application, HangingProcessor, WebSession, UUID) async throws -> Void
    ) async throws {
        try await withScanbook(database, configure: configure) { app, _ in
            let hanging = HangingProcessor()
            app.captureProcessors.register(hanging)
            defer { hanging.release() }
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "hang")
            try await body(app, hanging, anna, id)
        }
    }
}

@Suite struct PoisonJobTests {
    @Test(arguments: TestDatabase.available)
    func aJobThatKeepsKillingItsWorkerIsFailedAfterTheCapNotRetriedForever(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureLease = 60 }) { app, _ in
            let clock = MutableClock()
            app.clock = clock.appClock
            app.registerTestProcessors()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "echo")
            let sql = try #require(app.db as? any SQLDatabase)
            let queue = CaptureQueue(database: sql, lease: 60, maximumAttempts: 3)
            // Three workers in turn claim the job and die with it (the lease is never renewed).
            for attempt in 1...3 {
                let claim = try #require(try await queue.claim(now: clock.appClock.now()), "attempt \(attempt)")
                #expect(claim.attempts == attempt)
                clock.advance(by: 61)
            }
            // The worker's next turn fails it (telling its processor) before claiming anything.
            #expect(try await app.captureWorkers.processNext(logger: app.logger) == false, "never handed out a fourth time")
            #expect(try await queue.claim(now: clock.appClock.now()) == nil)
            let capture = try #require(try await Capture.find(id, on: app.db))
            #expect(capture.status == .failed)
            #expect(capture.error == CaptureQueue.exhaustedMessage)
            #expect(try await anna.get(SiteURL.capture(id: id).path).body.string.contains("stopped the recognition several times"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aHangingJobIsStoppedByItsTimeLimitAndTheServerStaysUp(_ database: TestDatabase) async throws {
        try await HangingProcessor.withQueuedJob(database, configure: { $0.captureJobTimeout = 0.3 }) { app, _, anna, id in
            for _ in 1...3 { #expect(try await app.captureWorkers.processNext(logger: app.logger)) }
            let capture = try #require(try await Capture.find(id, on: app.db))
            #expect(capture.status == .failed && capture.attempts == 3)
            #expect(capture.error?.contains("took longer than") == true)
            #expect(try await anna.get(SiteURL.home.path).status == .ok, "the server still answers")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theLeaseIsRenewedWhileALongJobRuns(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.captureLease = 3; $0.captureJobTimeout = 30 }) { app, _ in
            app.captureProcessors.register(SlowProcessor(seconds: 4.5))
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let id = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "slow")
            let sql = try #require(app.db as? any SQLDatabase)
            async let worked = app.captureWorkers.processNext(logger: app.logger)
            // Past the first lease's end, another worker finds nothing to take over.
            try await Task.sleep(for: .seconds(3.5))
            #expect(try await CaptureQueue(database: sql, lease: 3, maximumAttempts: 3).claim(now: app.clock.now()) == nil)
            #expect(try await worked)
            let capture = try #require(try await Capture.find(id, on: app.db))
            #expect(capture.status == .done && capture.attempts == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aDecompressionBombIsRefusedAtUploadAndBadPhotosFailAtOnce(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            // 33 bytes whose header claims 4,294,967,295 × 4,294,967,295 pixels.
            let bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0, 0, 0, 0, 0]
            try await anna.get(SiteURL.captures.path)
            let refused = try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": FormFile(filename: "bomb.png", contentType: "image/png", bytes: bomb)])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("more than the limit of 50 megapixels"))
            let receipt = try await anna.post(ReceiptsURL.list.path, files: ["image": FormFile(filename: "bomb.png", contentType: "image/png", bytes: bomb)])
            #expect(receipt.status == .unprocessableEntity)

            let tiny = try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": FormFile(filename: "tiny.png", contentType: "image/png", bytes: try Self.png(width: 4, height: 4))])
            #expect(tiny.status == .unprocessableEntity)
            #expect(tiny.body.string.contains("at least 32 on each side"))
            #expect(try await Capture.query(on: app.db).count() == 0)

            // A photo that passes the header check but cannot be decoded fails without retries.
            var broken = try Self.png(width: 64, height: 64)
            broken.replaceSubrange(broken.count - 20..<broken.count, with: [UInt8](repeating: 0xAB, count: 20))
            let id = try await anna.uploadCapture(FormFile(filename: "broken.png", contentType: "image/png", bytes: broken))
            #expect(try await app.captureWorkers.processNext(logger: app.logger))
            let capture = try #require(try await Capture.find(id, on: app.db))
            #expect(capture.status == .failed && capture.attempts == 1, "a photo problem is not retried")
        }
    }

    /// A real PNG of the given size (grey), made by the capture engine's encoder.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        try ScanbookVision.Image.fromPixels([UInt8](repeating: 200, count: width * height), width: width, height: height, channels: 1).encodePNG()
    }
}

/// Takes `seconds`, cooperatively.
struct SlowProcessor: CaptureProcessor {
    let kind = CaptureKind("slow")
    let seconds: Double
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        try await Task.sleep(for: .seconds(seconds))
        return try CaptureOutcome([String: String](), recognizedText: nil)
    }
}
