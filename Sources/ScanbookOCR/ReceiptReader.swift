import ScanbookCore
import ScanbookVision

/// A receipt photo to total, date and merchant: the document pipeline tuned for a narrow single
/// column of text, then `ReceiptExtractor` on the OCR lines.
public struct ReceiptReader: Sendable {
    public var scanner: DocumentScanner
    public var extractor: ReceiptExtractor

    public init(languages: String = "deu+eng", extractor: ReceiptExtractor = ReceiptExtractor()) {
        scanner = DocumentScanner(
            maximumPageSide: 4000,
            minimumPageWidth: 1000,
            enhancement: .document,
            ocrOptions: OCROptions(languages: languages, pageSegmentation: .singleColumn)
        )
        // Measured on sroie-dev scans: flattening thins faint thermal print (total 46% → 58% on
        // 24 receipts when reading the plain page). Photos with shadows may need the other way.
        scanner.readsEnhancedPage = false
        // Measured on sroie-dev: 31 of 41 outlines found in scans were a box inside the receipt
        // spanning < 50% of its height (photographed receipts span ~75–95%).
        scanner.minimumPageHeightShare = 0.5
        self.extractor = extractor
    }

    public struct Reading: Sendable {
        public let result: ReceiptExtractor.Result
        public let ocr: OCRResult
        public let timings: StageTimings
    }

    public func read(_ bytes: [UInt8], with recognizer: any TextRecognizer) async throws -> Reading {
        let scanned = try await scanner.read(try scanner.prepare(bytes), with: recognizer)
        return Reading(result: extractor.extract(scanned.ocr), ocr: scanned.ocr, timings: scanned.timings)
    }
}
