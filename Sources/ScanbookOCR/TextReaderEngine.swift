import Foundation
import ScanbookCore

/// The text readers Scanbook has: Tesseract, and PP-OCR through ONNX Runtime (measured far better
/// on receipts; docs/benchmarks.md). `SCANBOOK_OCR_ENGINE` picks the server's default;
/// `scanbook ocr --engine`, `scanbook receipt --engine` and `scanbook slip --engine` let a person compare.
public enum TextReaderEngine: String, Sendable, CaseIterable, Codable {
    case tesseract
    case ppocr

    /// A reader of this kind with `threads` threads of its own, or why it cannot be made (PP-OCR's
    /// files missing: the message names `make models`).
    public func makeReader(threads: Int, models: PaddleModelFiles = .locate()) throws -> any TextRecognizer & ShutsDown {
        switch self {
        case .tesseract: return TesseractPool(threads: threads)
        case .ppocr: return try PaddleTextReader(files: models, threads: threads)
        }
    }
}

/// A reader with threads of its own, stopped when the app stops.
public protocol ShutsDown: Sendable {
    func shutdown()
}

extension TesseractPool: ShutsDown {}
extension PaddleTextReader: ShutsDown {}

extension ReceiptReader {
    /// The receipt reader tuned for `engine`. Tesseract's needs several passes over the page
    /// (thresholds, text heights) while the total stays unsure; PP-OCR reads the page once, and
    /// again larger only when it found no total.
    public static func tuned(for engine: TextReaderEngine, languages: String = "deu+eng", extractor: ReceiptExtractor = ReceiptExtractor()) -> ReceiptReader {
        var reader = ReceiptReader(languages: languages, extractor: extractor)
        if engine == .ppocr {
            reader.passes = [Pass(), Pass(pageWidth: 1600)]
            reader.rereadBelow = 0
            reader.rereadsForTheDate = false
        }
        return reader
    }
}
