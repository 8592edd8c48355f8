import Foundation
import ScanbookCore
import ScanbookVision

/// Reads text from images.
public protocol TextRecognizer: Sendable {
    func recognize(_ image: Image, options: OCROptions) async throws -> OCRResult
    /// The same, with the time of the reader's own stages (PP-OCR: "detect", "recognize").
    func recognizeTimed(_ image: Image, options: OCROptions) async throws -> (OCRResult, StageTimings)
}

extension TextRecognizer {
    /// One stage, "ocr".
    public func recognizeTimed(_ image: Image, options: OCROptions) async throws -> (OCRResult, StageTimings) {
        var timings = StageTimings()
        let start = ContinuousClock.now
        let result = try await recognize(image, options: options)
        timings.record("ocr", since: start)
        return (result, timings)
    }
}

/// A fixed set of threads, each with its own Tesseract instances (one per language set), so
/// recognition runs in parallel without blocking Swift's cooperative thread pool.
public final class TesseractPool: TextRecognizer, @unchecked Sendable {
    public static let defaultDataPath = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] ?? "/usr/share/tesseract-ocr/5/tessdata"

    public let threadCount: Int
    private let dataPath: String
    /// Each thread's engines by language set.
    private let threads: WorkerThreads<[String: TesseractEngine]>

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, dataPath: String = TesseractPool.defaultDataPath) {
        // Tesseract's library is opened by the first recognition, which reports it if missing.
        threadCount = max(1, threads)
        self.dataPath = dataPath
        self.threads = WorkerThreads(count: threadCount, name: "tesseract", state: { [:] })
    }

    /// Stops the threads after the queued jobs; later calls fail.
    public func shutdown() {
        threads.shutdown()
    }

    public func recognize(_ image: Image, options: OCROptions = OCROptions()) async throws -> OCRResult {
        let dataPath = dataPath
        return try await threads.run { engines in
            let engine: TesseractEngine
            if let existing = engines[options.languages] {
                engine = existing
            } else {
                engine = try TesseractEngine(languages: options.languages, dataPath: dataPath)
                engines[options.languages] = engine
            }
            return try engine.recognize(image, options: options)
        }
    }
}
