import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// The generic `document` kind: find the page, straighten and enhance it, read it.
struct DocumentCaptureProcessor: CaptureProcessor {
    let kind = CaptureKind.document
    let scanner: DocumentScanner
    let reading: DocumentReading

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let scanner = scanner
        let bytes = job.bytes
        let prepared = try await context.offload { try scanner.prepare(bytes) }
        let scanned = switch reading {
        case .enhancedPageWithTesseract: try await scanner.read(prepared, with: context.recognizer)
        case .plainPageWithConfiguredReader: try await scanner.read(prepared, page: prepared.page, with: context.engineRecognizer)
        }
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

/// Which reader reads a document page, and which page. PP-OCR reads the straightened page as
/// photographed: 100.0 % of characters right on 30 generated pages against 99.9 % enhanced, where
/// flattening ran a heading's words together ("DELIVERYCONTRACT"). Tesseract reads the enhanced
/// page: 99.4 % against 84.5 % as photographed (docs/benchmarks.md). The enhanced page is kept
/// either way, to be shown.
enum DocumentReading: Sendable {
    case enhancedPageWithTesseract
    case plainPageWithConfiguredReader

    init(engine: TextReaderEngine) {
        self = engine == .ppocr ? .plainPageWithConfiguredReader : .enhancedPageWithTesseract
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
