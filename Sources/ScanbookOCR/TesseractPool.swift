import CTesseract
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

    private typealias Job = (inout [String: TesseractEngine]) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    private var running = 0
    public let threadCount: Int
    private let dataPath: String

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, dataPath: String = TesseractPool.defaultDataPath) {
        // OpenMP's thread limit must be set before the program starts: `OpenMPThreads`.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        threadCount = max(1, threads)
        self.dataPath = dataPath
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "tesseract-\(index)"
            thread.stackSize = 8 << 20
            running += 1
            thread.start()
        }
    }

    deinit {
        shutdown()
    }

    /// Stops the threads after the queued jobs; later calls fail.
    public func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    public func recognize(_ image: Image, options: OCROptions = OCROptions()) async throws -> OCRResult {
        let dataPath = dataPath
        return try await withCheckedThrowingContinuation { continuation in
            let accepted = enqueue { engines in
                do {
                    let engine: TesseractEngine
                    if let existing = engines[options.languages] {
                        engine = existing
                    } else {
                        engine = try TesseractEngine(languages: options.languages, dataPath: dataPath)
                        engines[options.languages] = engine
                    }
                    continuation.resume(returning: try engine.recognize(image, options: options))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            if !accepted { continuation.resume(throwing: OCRError("The OCR pool has been shut down")) }
        }
    }

    private func enqueue(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    private func work() {
        var engines: [String: TesseractEngine] = [:]
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if jobs.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job(&engines)
        }
    }
}
