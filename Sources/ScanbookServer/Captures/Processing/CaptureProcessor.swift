import Foundation
import ScanbookOCR
import Vapor

/// Turns one uploaded photo into a JSON result. Each module registers a processor for its kind
/// (receipt, meter, slip, form page); this issue ships `document`.
protocol CaptureProcessor: Sendable {
    var kind: String { get }
    func process(_ job: CaptureJob, context: CaptureContext) async throws -> Data
}

/// What a processor gets: the job and the photo's bytes.
struct CaptureJob: Sendable {
    let id: UUID
    let ownerID: UUID
    let kind: String
    let attempt: Int
    let bytes: [UInt8]
}

/// The services a processor may use, so processors stay free of global state.
struct CaptureContext: Sendable {
    let application: Application
    let recognizer: any TextRecognizer
    let ownerID: UUID

    /// Stores a derived image (warped page, enhanced page) for the job's owner; returns its blob id.
    func storeDerived(_ bytes: [UInt8], content: CheckedUpload.Content) async throws -> UUID {
        let blob = try await application.storeBlob(CheckedUpload(bytes: bytes, content: content), owner: ownerID, on: application.db)
        return try blob.requireID()
    }

    /// Runs synchronous CPU work (OpenCV) on the image threads, off Swift's cooperative threads.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await application.imageWork.run(body)
    }
}

/// The processors known to this server, by kind.
struct CaptureProcessors: Sendable {
    private(set) var byKind: [String: any CaptureProcessor] = [:]

    mutating func register(_ processor: any CaptureProcessor) {
        byKind[processor.kind] = processor
    }

    var kinds: [String] { byKind.keys.sorted() }

    subscript(kind: String) -> (any CaptureProcessor)? { byKind[kind] }
}
