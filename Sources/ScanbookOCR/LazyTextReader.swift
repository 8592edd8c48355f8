import ScanbookCore
import ScanbookVision
import Synchronization

/// A text reader made when it is first asked to read. `scanbook slip` on a QR-bill reads only its
/// code, and PP-OCR's three sessions take ~0.25 s and ~100 MB to set up. A reader that cannot be
/// made (PP-OCR's files missing) fails the first read with the same error `makeReader` gives.
public final class LazyTextReader: TextRecognizer, ShutsDown {
    private let make: @Sendable () throws -> any TextRecognizer & ShutsDown
    private let made = Mutex<(any TextRecognizer & ShutsDown)?>(nil)

    public init(_ make: @escaping @Sendable () throws -> any TextRecognizer & ShutsDown) {
        self.make = make
    }

    /// Whether a read has made the reader: a caller that never needed one paid nothing.
    public var isMade: Bool { made.withLock { $0 != nil } }

    public func recognize(_ image: Image, options: OCROptions) async throws -> OCRResult {
        try await reader().recognize(image, options: options)
    }

    public func recognizeTimed(_ image: Image, options: OCROptions) async throws -> (OCRResult, StageTimings) {
        try await reader().recognizeTimed(image, options: options)
    }

    public func shutdown() {
        made.withLock { reader in
            reader?.shutdown()
            reader = nil
        }
    }

    private func reader() throws -> any TextRecognizer {
        try made.withLock { made in
            if let made { return made }
            let reader = try make()
            made = reader
            return reader
        }
    }
}

extension TextReaderEngine {
    /// A reader of this kind made only when something is read (`LazyTextReader`).
    public func makeReaderWhenFirstUsed(threads: Int, models: PaddleModelFiles = .locate()) -> LazyTextReader {
        LazyTextReader { try makeReader(threads: threads, models: models) }
    }
}
