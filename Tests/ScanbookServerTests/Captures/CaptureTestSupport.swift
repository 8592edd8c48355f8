import Fluent
import Foundation
import Testing
import Vapor
@testable import ScanbookServer

/// Test processors: `echo` answers at once, `explode` always fails.
struct EchoProcessor: CaptureProcessor {
    let kind = CaptureKind("echo")
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        try CaptureOutcome(["bytes": job.bytes.count, "attempt": job.attempt], recognizedText: nil)
    }
}

struct ExplodingProcessor: CaptureProcessor {
    let kind = CaptureKind("explode")
    struct Failure: Error, CustomStringConvertible { var description: String { "the test processor always fails" } }
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome { throw Failure() }
}

extension Application {
    func registerTestProcessors() {
        captureProcessors.register(EchoProcessor())
        captureProcessors.register(ExplodingProcessor())
    }

    /// Polls until the capture is done or failed.
    func waitForCapture(_ id: UUID, timeout: Duration = .seconds(90)) async throws -> Capture {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let capture = try await Capture.find(id, on: db), !capture.status.isPending { return capture }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Abort(.requestTimeout, reason: "capture \(id) did not finish")
    }
}

extension WebSession {
    /// Uploads on the scan page and returns the new capture's id from the redirect.
    func uploadCapture(_ file: FormFile, kind: String = "document") async throws -> UUID {
        try await get(SiteURL.captures.path)
        let response = try await post(SiteURL.captures.path, ["kind": kind], files: ["image": file])
        #expect(response.status == .seeOther, "\(response.body.string)")
        let location = try #require(response.headers.first(name: .location))
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }
}
