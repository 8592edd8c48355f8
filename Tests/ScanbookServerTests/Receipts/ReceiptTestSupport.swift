import Fluent
import Foundation
import NIOConcurrencyHelpers
import ScanbookCore
import ScanbookOCR
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Replaces OCR for the receipt kind: each job "reads" the next scripted list of lines, and the
/// real extractor (with the owner's keywords) turns them into the result, so everything after OCR
/// is the production path.
final class ScriptedReceiptOCR: CaptureProcessor, @unchecked Sendable {
    let kind = CaptureKind.receipt
    private let scripts = NIOLockedValueBox<[[String]]>([])

    func enqueue(_ lines: [String]) {
        scripts.withLockedValue { $0.append(lines) }
    }

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let lines = scripts.withLockedValue { $0.isEmpty ? [] : $0.removeFirst() }
        let keywords = try await ReceiptDefaults.keywords(of: job.ownerID, on: context.application.db)
        let extracted = ReceiptExtractor(keywords: keywords).extract(lines: lines)
        return try CaptureOutcome(ReceiptCaptureResult(
            total: extracted.total, currency: extracted.currency, date: extracted.date?.description,
            merchant: extracted.merchant, confidence: extracted.confidence, runnerUp: extracted.runnerUp, lines: lines, meanConfidence: 90,
            pageImage: try await context.storeDerived(job.bytes, content: .png), timings: StageTimings()
        ), recognizedText: lines.joined(separator: "\n"))
    }

    // Only the reading is scripted; results reach receipts as the real processor's do.
    func apply(_ result: Data, of job: FinishedCapture, on database: any Database) async throws {
        try await ReceiptResults.apply(result, to: job, on: database)
    }

    func failed(_ job: FinishedCapture, on database: any Database) async throws {
        try await ReceiptResults.markUnreadable(job, on: database)
    }
}

extension Application {
    func useScriptedReceiptOCR() -> ScriptedReceiptOCR {
        let scripted = ScriptedReceiptOCR()
        captureProcessors.register(scripted)
        return scripted
    }
}

/// A fresh app with scripted receipt OCR and Anna signed up: where most receipt tests start.
func withAnnasReceipts(_ database: TestDatabase, _ body: (Application, WebSession, ScriptedReceiptOCR) async throws -> Void) async throws {
    try await withScanbook(database) { app, _ in
        let ocr = app.useScriptedReceiptOCR()
        let anna = WebSession(app)
        try await anna.register(email: "anna@example.org")
        try await body(app, anna, ocr)
    }
}

extension WebSession {
    /// Uploads a receipt on the receipts page, lets a worker "read" `lines`, returns the receipt id.
    func addReceipt(_ lines: [String], ocr: ScriptedReceiptOCR) async throws -> UUID {
        ocr.enqueue(lines)
        try await get(ReceiptsURL.list.path)
        let response = try await post(ReceiptsURL.list.path, files: ["image": try Fixtures.avatarPNG()])
        #expect(response.status == .seeOther, "\(response.body.string)")
        let location = try #require(response.headers.first(name: .location))
        #expect(try await app.captureWorkers.processNext(logger: app.logger))
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    /// The user's category id by name (after the defaults were seeded).
    func categoryID(_ name: String) async throws -> UUID {
        let category = try await ReceiptCategory.query(on: app.db).all().first { $0.name == name }
        return try #require(category?.id, "no category \(name)")
    }
}

/// Receipt lines in the shape shops print them.
enum ReceiptLines {
    static func shop(_ merchant: String, date: String, total: String, currency: String = "CHF") -> [String] {
        [merchant, "Bahnhofstrasse 1", "8001 Zürich", "Datum: \(date)", "Artikel 1.00", "Total \(currency) \(total)", "MwSt 8.1% 0.50"]
    }
}
