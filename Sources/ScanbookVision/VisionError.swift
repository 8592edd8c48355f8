import CVision

/// A failure of an image operation, with OpenCV's message when it came from there.
public struct VisionError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case notAnImage, tooLarge, tooSmall, invalidArgument, internalFailure
    }

    /// A problem with the photo itself: trying it again cannot help, so a job fails at once.
    public var isPermanent: Bool { kind != .internalFailure }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    init(_ error: cvision_error) {
        var copy = error
        let message = withUnsafeBytes(of: &copy.message) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(error.code) {
        case Int(CVISION_ERR_DECODE): self.init(.notAnImage, message)
        case Int(CVISION_ERR_ARGUMENT): self.init(.invalidArgument, message)
        default: self.init(.internalFailure, "image processing failed: \(message)")
        }
    }
}

/// Calls a shim function that reports through `cvision_error` and returns nil/negative on failure.
func checked<T>(_ body: (UnsafeMutablePointer<cvision_error>) -> T?) throws(VisionError) -> T {
    var error = cvision_error()
    guard let result = body(&error), error.code == 0 else { throw VisionError(error) }
    return result
}

/// A size or coordinate for the shim's `int` parameters; out of range is an argument error, not a trap.
func int32(_ value: Int) throws(VisionError) -> Int32 {
    guard let narrowed = Int32(exactly: value) else { throw VisionError(.invalidArgument, "\(value) is out of range") }
    return narrowed
}

func checkedStatus(_ body: (UnsafeMutablePointer<cvision_error>) -> Int32) throws(VisionError) {
    var error = cvision_error()
    guard body(&error) == 0, error.code == 0 else { throw VisionError(error) }
}
