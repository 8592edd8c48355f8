import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR

/// The `receipt` kind: straighten and read the photo (with a second look at the total's lines when
/// needed), then extract total, date and merchant with the owner's own total keywords. The worker
/// applies the result to the waiting receipt as the job finishes (`ReceiptResults`).
struct ReceiptCaptureProcessor: CaptureProcessor {
    let kind = CaptureKind.receipt
    /// Queued with its `Receipt` by the receipts module.
    let standsAlone = false
    let reader: ReceiptReader

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        var reader = reader
        reader.extractor = ReceiptExtractor(
            keywords: try await ReceiptDefaults.keywords(of: job.ownerID, on: context.application.db),
            latestDate: context.application.clock.today.adding(days: 1)
        )
        let scanner = reader.scanner
        let bytes = job.bytes
        let (prepared, reading) = try await reader.read(
            preparing: { framing in try await context.offload { try scanner.prepare(bytes, framing: framing) } },
            with: context.engineRecognizer
        )
        let extracted = reading.result
        let pageJPEG = try await context.offload { try prepared.page.encodeJPEG(quality: 85) }
        let result = ReceiptCaptureResult(
            total: extracted.total,
            currency: extracted.currency,
            date: extracted.date?.description,
            merchant: extracted.merchant,
            confidence: extracted.confidence,
            runnerUp: extracted.runnerUp,
            lines: reading.ocr.lines.map(\.text),
            meanConfidence: reading.ocr.meanConfidence,
            pageImage: try await context.storeDerived(pageJPEG, content: .jpeg),
            timings: reading.timings,
            items: extracted.items
        )
        return try CaptureOutcome(result, recognizedText: result.lines.joined(separator: "\n"))
    }

    func apply(_ result: Data, of job: FinishedCapture, on database: any Database) async throws {
        try await ReceiptResults.apply(result, to: job, on: database)
    }

    func failed(_ job: FinishedCapture, on database: any Database) async throws {
        try await ReceiptResults.markUnreadable(job, on: database)
    }
}

extension CaptureKind {
    static let receipt = CaptureKind("receipt")
}

/// The stored result of a `receipt` capture.
struct ReceiptCaptureResult: Codable, Sendable {
    let total: Amount?
    let currency: String?
    let date: String?
    let merchant: String?
    let confidence: Double
    /// Absent from results written before the total model.
    let runnerUp: Amount?
    let lines: [String]
    let meanConfidence: Double
    let pageImage: UUID
    let timings: StageTimings
    /// Absent from results written before items were read.
    var items: ReceiptItemList? = nil
}
