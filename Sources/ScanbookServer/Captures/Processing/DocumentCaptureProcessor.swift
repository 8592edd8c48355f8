import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// The generic `document` kind: find the page, straighten and enhance it, read it.
struct DocumentCaptureProcessor: CaptureProcessor {
    let kind = CaptureKind.document
    let scanner: DocumentScanner

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let scanner = scanner
        let bytes = job.bytes
        let prepared = try await context.offload { try scanner.prepare(bytes) }
        let scanned = try await scanner.read(prepared, with: context.recognizer)
        let (pageJPEG, enhancedPNG) = try await context.offload {
            (try prepared.page.encodeJPEG(quality: 88), try scanner.ocrImage(of: prepared).encodePNG())
        }
        let result = DocumentCaptureResult(
            found: prepared.detection.found,
            corners: prepared.detection.corners,
            sourceWidth: prepared.sourceWidth,
            sourceHeight: prepared.sourceHeight,
            skewDegrees: prepared.skew,
            pageImage: try await context.storeDerived(pageJPEG, content: .jpeg),
            enhancedImage: try await context.storeDerived(enhancedPNG, content: .png),
            ocr: scanned.ocr,
            timings: scanned.timings
        )
        return try CaptureOutcome(result, recognizedText: scanned.ocr.text)
    }
}

/// The stored result of a `document` capture.
struct DocumentCaptureResult: Codable, Sendable {
    let found: Bool
    let corners: Quadrilateral
    let sourceWidth: Int
    let sourceHeight: Int
    let skewDegrees: Double
    let pageImage: UUID
    let enhancedImage: UUID
    let ocr: OCRResult
    let timings: StageTimings
}
