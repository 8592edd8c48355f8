import Foundation
import ScanbookCore
import Synchronization

/// PP-OCR's models (detector, recognizer, line direction classifier) and the recognizer's
/// alphabet, loaded once per process (some 30 MB; a twentieth of a second from their optimized
/// copies, a quarter of a second when they are optimized as they load) and shared by every
/// reader: ONNX Runtime runs one session from many threads.
final class PaddleModels: Sendable {
    let detector: ONNXModel
    let recognizer: ONNXModel
    let directionClassifier: ONNXModel
    let decoder: CTCDecoder

    private init(_ files: PaddleModelFiles) throws {
        if let missing = files.missingDescription { throw OCRError(missing) }
        let cache = files.optimizedCache.map(OptimizedModelCache.init)
        detector = try ONNXModel(path: files.detector, runtimeLibrary: files.runtimeLibrary, cache: cache)
        recognizer = try ONNXModel(path: files.recognizer, runtimeLibrary: files.runtimeLibrary, cache: cache)
        directionClassifier = try ONNXModel(path: files.directionClassifier, runtimeLibrary: files.runtimeLibrary, cache: cache)
        // The recognizer carries its alphabet (one character per line) in its metadata.
        guard let alphabet = try recognizer.metadata("character"), !alphabet.isEmpty else {
            throw OCRError("\(files.recognizer) carries no character list in its metadata")
        }
        decoder = CTCDecoder(dictionary: alphabet.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private static let loaded = Mutex<[String: PaddleModels]>([:])

    /// The models in `files`' folder, loaded on first use (a second caller waits for the first).
    static func shared(_ files: PaddleModelFiles) throws -> PaddleModels {
        try loaded.withLock { loaded in
            if let models = loaded[files.directory] { return models }
            let models = try PaddleModels(files)
            loaded[files.directory] = models
            return models
        }
    }
}
