import Synchronization
import Testing
import ScanbookCore
import ScanbookVision
@testable import ScanbookOCR

/// A reader made on first use: made once however many read at a time, not at all when nothing is
/// read, and a failure to make it reaches the reader's caller.
@Suite struct LazyTextReaderTests {
    /// Says how often it was made, read and stopped.
    final class Counting: TextRecognizer, ShutsDown {
        let reads = Mutex(0)
        let stops = Mutex(0)

        func recognize(_ image: Image, options: OCROptions) async throws -> OCRResult {
            reads.withLock { $0 += 1 }
            return OCRResult(text: "read", meanConfidence: 90, words: [], lines: [])
        }

        func shutdown() { stops.withLock { $0 += 1 } }
    }

    struct CannotMake: Error {}

    static func page() throws -> Image {
        try Image.fromPixels([UInt8](repeating: 255, count: 16), width: 4, height: 4, channels: 1)
    }

    @Test func isMadeOnceOnTheFirstReadAndStoppedOnce() async throws {
        let inner = Counting()
        let makes = Mutex(0)
        let reader = LazyTextReader {
            makes.withLock { $0 += 1 }
            return inner
        }
        #expect(!reader.isMade && makes.withLock { $0 } == 0)
        let page = try Self.page()
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await reader.recognize(page, options: OCROptions()).text } }
            for try await text in group { #expect(text == "read") }
        }
        #expect(reader.isMade && makes.withLock { $0 } == 1 && inner.reads.withLock { $0 } == 8)
        reader.shutdown()
        reader.shutdown()
        #expect(inner.stops.withLock { $0 } == 1 && !reader.isMade)
    }

    @Test func aReaderNeverAskedIsNeverMade() {
        let reader = LazyTextReader { throw CannotMake() }
        reader.shutdown()
        #expect(!reader.isMade)
    }

    @Test func aReaderThatCannotBeMadeFailsTheReadAndIsTriedAgain() async throws {
        let attempts = Mutex(0)
        let reader = LazyTextReader {
            attempts.withLock { $0 += 1 }
            throw CannotMake()
        }
        let page = try Self.page()
        for _ in 0..<2 {
            await #expect(throws: CannotMake.self) { try await reader.recognize(page, options: OCROptions()) }
        }
        #expect(attempts.withLock { $0 } == 2 && !reader.isMade)
    }

    @Test func missingPaddleModelsAreNamedOnTheFirstReadOnly() async throws {
        let missing = PaddleModelFiles(directory: "/nonexistent/scanbook-models", optimizedCache: nil)
        let reader = TextReaderEngine.ppocr.makeReaderWhenFirstUsed(threads: 1, models: missing)
        #expect(!reader.isMade)
        let page = try Self.page()
        await #expect { try await reader.recognize(page, options: OCROptions()) } throws: { error in
            String(describing: error).contains("make models")
        }
    }
}
