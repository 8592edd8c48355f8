import Fluent
import Foundation
import ScanbookOCR
import Vapor

/// Turns one uploaded photo into a result, and hands the result to the module's own records when
/// the job finishes. Each module registers a processor for its kind (`ScanbookModule`).
protocol CaptureProcessor: Sendable {
    var kind: CaptureKind { get }
    /// A job of this kind needs no record of its module beside it, so the scans page and
    /// `POST /api/v1/captures` may queue it; a receipt or a form scan is queued by its module.
    var standsAlone: Bool { get }
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome
    /// Applies a finished job's result to the module's records, in the transaction that records the
    /// job as done under its lease: it happens once, in the worker, whether or not anyone looks.
    func apply(_ result: Data, of job: FinishedCapture, on database: any Database) async throws
    /// The job failed for good (its last attempt, or at once for a photo that cannot be read).
    func failed(_ job: FinishedCapture, on database: any Database) async throws
}

extension CaptureProcessor {
    var standsAlone: Bool { true }
    func apply(_ result: Data, of job: FinishedCapture, on database: any Database) async throws {}
    func failed(_ job: FinishedCapture, on database: any Database) async throws {}
}

/// A capture whose job has ended, as its processor's `apply` or `failed` sees it.
struct FinishedCapture: Sendable {
    let id: UUID
    let ownerID: UUID
}

/// What a processor gets: the job and the photo's bytes.
struct CaptureJob: Sendable {
    let id: UUID
    let ownerID: UUID
    let kind: CaptureKind
    let attempt: Int
    let bytes: [UInt8]
}

/// The services a processor may use, so processors stay free of global state.
struct CaptureContext: Sendable {
    let application: Application
    let recognizer: any TextRecognizer
    /// The reader `AppConfig.ocrEngine` picks: receipts, slips and document pages read with it,
    /// forms with `recognizer` (Tesseract), where PP-OCR gained nothing (docs/benchmarks.md).
    let engineRecognizer: any TextRecognizer
    let ownerID: UUID
    /// The capture being processed: its derived images are recorded against it.
    let captureID: UUID

    /// Stores a derived image (warped page, enhanced page) for the job's owner; returns its blob id.
    func storeDerived(_ bytes: [UInt8], content: CheckedUpload.Content) async throws -> UUID {
        let blob = try await application.storeBlob(CheckedUpload(bytes: bytes, content: content), owner: ownerID, on: application.db)
        let blobID = try blob.requireID()
        try await CaptureDerivedBlob(captureID: captureID, blobID: blobID).create(on: application.db)
        return blobID
    }

    /// Runs synchronous CPU work (OpenCV) on the image threads, off Swift's cooperative threads.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await application.imageWork.run(body)
    }
}

/// The processors known to this server, by kind.
struct CaptureProcessors: Sendable {
    private(set) var byKind: [CaptureKind: any CaptureProcessor] = [:]

    mutating func register(_ processor: any CaptureProcessor) {
        byKind[processor.kind] = processor
    }

    /// The kinds a person may send to the scans page on their own (`standsAlone`).
    var standaloneKinds: [CaptureKind] { byKind.values.filter(\.standsAlone).map(\.kind).sorted() }

    subscript(kind: CaptureKind) -> (any CaptureProcessor)? { byKind[kind] }
}
