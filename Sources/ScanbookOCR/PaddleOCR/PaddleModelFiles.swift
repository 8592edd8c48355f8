import Foundation

/// Where PP-OCR's models and ONNX Runtime's library are: `SCANBOOK_MODELS_DIR`, else `models/`
/// beside the build folder of the running binary (`.build/models` for `.build/debug/scanbook`),
/// else `.build/models` in the working directory. `make models` fills it (pinned files, checked
/// by SHA-256); `docs/deploy.md` says how to install them on a server.
public struct PaddleModelFiles: Sendable, Equatable {
    public let directory: String
    /// Where ONNX Runtime's optimized copies of the models are kept between runs (made on first
    /// use, for this CPU; `OptimizedModelCache`), or nil to optimize them at every start.
    public let optimizedCache: String?
    /// The recognizer's weights: in 8 bits, or 7 where the processor would saturate 8-bit products.
    public let recognizerWeights: RecognizerWeights

    public static let runtimeVersion = "1.32.0"
    public static let makeTarget = "make models"

    public init(directory: String, optimizedCache: String? = nil, recognizerWeights: RecognizerWeights = .thisProcessor) {
        self.directory = directory
        self.optimizedCache = optimizedCache
        self.recognizerWeights = recognizerWeights
    }

    public enum RecognizerWeights: Sendable, Equatable {
        case eightBit, sevenBit

        public static let thisProcessor = suiting(ProcessorInfo.flags)

        /// 7 bits on an x86 processor without VNNI (AVX512-VNNI, AVX-VNNI). There ONNX Runtime
        /// multiplies the uint8 activations by the int8 weights with VPMADDUBSW, which adds two
        /// products in 16 bits: 255 × 127 × 2 saturates, 255 × 64 × 2 does not. Measured on an
        /// AVX2-only AMD EPYC, sroie-dev: totals 278 of 299 and merchants 226 of 300 with 8-bit
        /// weights, 288 and 255 with 7-bit (291 and 262 with 8-bit on VNNI). Other architectures
        /// have no such instruction.
        public static func suiting(_ flags: Set<String>) -> RecognizerWeights {
            #if arch(x86_64)
            return flags.contains("avx512_vnni") || flags.contains("avx_vnni") ? .eightBit : .sevenBit
            #else
            return .eightBit
            #endif
        }
    }

    public var runtimeLibrary: String { path("onnxruntime/libonnxruntime.so.\(Self.runtimeVersion)") }
    public var detector: String { path("ppocr/PP-OCRv6_det_small_flushed.onnx") }
    /// The Latin-script recognizer with its convolutions in int8 (Tools/models/derived_models.py).
    public var recognizer: String {
        path(recognizerWeights == .eightBit ? "ppocr/PP-OCRv6_rec_small_latin_int8.onnx" : "ppocr/PP-OCRv6_rec_small_latin_int8_7bit.onnx")
    }
    /// PaddleOCR's text line direction classifier (upright or upside down).
    public var directionClassifier: String { path("ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx") }

    /// The files that are not there (empty when everything is).
    public var missing: [String] {
        [runtimeLibrary, detector, recognizer, directionClassifier].filter { !FileManager.default.fileExists(atPath: $0) }
    }

    /// The directory to use: the given one (the configuration's), else the default's first that
    /// exists; the optimized copies in `cache`, else the user's cache folder (`defaultCache`).
    public static func locate(
        _ configured: String? = ProcessInfo.processInfo.environment["SCANBOOK_MODELS_DIR"],
        cache: String? = ProcessInfo.processInfo.environment["SCANBOOK_MODELS_CACHE"]
    ) -> PaddleModelFiles {
        let cache = cache.flatMap { $0.isEmpty ? nil : $0 } ?? defaultCache()
        if let configured, !configured.isEmpty { return PaddleModelFiles(directory: configured, optimizedCache: cache) }
        // A `models` folder beside the binary's folder (an install: bin/ and models/), or above it
        // (a build: `.build/x86_64-unknown-linux-gnu/debug/scanbook` with `.build/models`, whatever
        // the working directory, as for a server started elsewhere), else `.build/models` here.
        let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        let parent = binary.deletingLastPathComponent()
        let candidates = [parent.appendingPathComponent("models").path, parent.deletingLastPathComponent().appendingPathComponent("models").path, ".build/models"]
        let found = candidates.first { PaddleModelFiles(directory: $0).missing.isEmpty }
        return PaddleModelFiles(directory: found ?? candidates[candidates.count - 1], optimizedCache: cache)
    }

    /// `$XDG_CACHE_HOME/scanbook/onnx`, else `~/.cache/scanbook/onnx` (the models' own folder is
    /// read-only on a server), or nil without a home.
    static func defaultCache(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).appendingPathComponent(".cache").path : nil }
        return base.map { URL(fileURLWithPath: $0).appendingPathComponent("scanbook/onnx").path }
    }

    /// "PP-OCR's models are missing (…): run `make models`, or set SCANBOOK_MODELS_DIR."
    public var missingDescription: String? {
        let gone = missing
        guard !gone.isEmpty else { return nil }
        return "PP-OCR's files are missing (\(gone.joined(separator: ", "))): run `\(Self.makeTarget)`, or set SCANBOOK_MODELS_DIR to the folder that holds them."
    }

    private func path(_ relative: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(relative).path
    }
}
