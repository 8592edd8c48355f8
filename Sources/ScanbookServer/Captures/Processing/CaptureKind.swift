import Foundation

/// What a capture job is for. Each module names its kinds beside its processor
/// (`extension CaptureKind { static let receipt = … }`), so the pipeline gains no case per module;
/// stored as its raw text in `captures.kind`.
struct CaptureKind: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    let rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }
    init(_ rawValue: String) { self.rawValue = rawValue }

    var description: String { rawValue }

    static func < (lhs: CaptureKind, rhs: CaptureKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The generic kind: a page found, straightened and read (`DocumentCaptureProcessor`).
    static let document = CaptureKind("document")
}

/// What a processor hands back: its module's result, stored as JSON and read only by that module,
/// and the plain text it recognized (for search and default titles), so the queue never looks
/// inside a module's result.
struct CaptureOutcome: Sendable {
    let result: Data
    /// Nil or empty when the kind reads no text.
    let recognizedText: String?

    init<Result: Encodable>(_ result: Result, recognizedText: String?) throws {
        self.result = try JSONEncoder().encode(result)
        self.recognizedText = recognizedText.flatMap { $0.isEmpty ? nil : $0 }
    }
}
