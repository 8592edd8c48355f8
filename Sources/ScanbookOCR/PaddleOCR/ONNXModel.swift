import CONNX
import Foundation

/// A model run by ONNX Runtime (loaded from the library `make models` unpacks; see
/// `PaddleModelFiles`). One instance serves every thread: ONNX Runtime runs a session from
/// several threads at once, each run on its calling thread only (one intra-op thread), so
/// parallel capture jobs each keep to one core.
final class ONNXModel: @unchecked Sendable {
    private let session: OpaquePointer
    let path: String
    /// Whether the session was opened from an optimized copy in the cache.
    let openedOptimizedCopy: Bool

    /// The model at `path`, opened from its optimized copy in `cache` when there is one that
    /// opens; else optimized as it loads, and the optimized graph kept in `cache` for next time.
    init(path: String, runtimeLibrary: String, cache: OptimizedModelCache? = nil) throws(OCRError) {
        var error: UnsafeMutablePointer<CChar>?
        guard let runtime = connx_load(runtimeLibrary, &error) else { throw Self.error(&error, "ONNX Runtime") }
        self.path = path
        let copy = cache?.copy(of: path, runtimeVersion: String(cString: connx_version(runtime)))
        if let copy, FileManager.default.fileExists(atPath: copy) {
            if let session = connx_open(runtime, copy, 1, 0, nil, &error) {
                (self.session, openedOptimizedCopy) = (session, true)
                return
            }
            // A copy that does not open (cut short, say) is made again.
            connx_free(error)
            error = nil
            try? FileManager.default.removeItem(atPath: copy)
        }
        let partial = copy.flatMap { cache?.partialFile(for: $0) }
        var opened = connx_open(runtime, path, 1, 1, partial, &error)
        if opened == nil, let partial {
            // The copy could not be written (a full disk, say): the model still opens without it.
            connx_free(error)
            error = nil
            try? FileManager.default.removeItem(atPath: partial)
            opened = connx_open(runtime, path, 1, 1, nil, &error)
        } else if opened != nil, let partial, let copy {
            cache?.keep(partial, as: copy)
        }
        guard let opened else { throw Self.error(&error, path) }
        (session, openedOptimizedCopy) = (opened, false)
    }

    deinit {
        connx_close(session)
    }

    /// The version of the loaded runtime.
    static func runtimeVersion(library: String) throws(OCRError) -> String {
        var error: UnsafeMutablePointer<CChar>?
        guard let runtime = connx_load(library, &error) else { throw Self.error(&error, "ONNX Runtime") }
        return String(cString: connx_version(runtime))
    }

    /// Runs the model's input (float32 of `shape`) and hands its output (values and shape) to
    /// `read`, in ONNX Runtime's memory: valid only during the call.
    func run<Result>(_ input: [Float], shape: [Int], read: (UnsafeBufferPointer<Float>, [Int]) throws -> Result) throws -> Result {
        guard !shape.isEmpty, shape.count <= Int(CONNX_MAX_RANK), shape.allSatisfy({ $0 > 0 }), shape.reduce(1, *) == input.count else {
            throw OCRError("\(path): an input of \(input.count) values does not have the shape \(shape)")
        }
        let dimensions = shape.map(Int64.init)
        var error: UnsafeMutablePointer<CChar>?
        let output = input.withUnsafeBufferPointer { values in
            dimensions.withUnsafeBufferPointer { dims in connx_run(session, values.baseAddress, dims.baseAddress, dims.count, &error) }
        }
        guard let output else { throw Self.error(&error, path) }
        defer { connx_output_free(output) }
        var count = 0
        let values = connx_output_values(output, &count)
        var outputShape = [Int64](repeating: 0, count: Int(CONNX_MAX_RANK))
        let rank = outputShape.withUnsafeMutableBufferPointer { connx_output_shape(output, $0.baseAddress) }
        return try read(UnsafeBufferPointer(start: values, count: count), outputShape.prefix(rank).map(Int.init))
    }

    /// A custom metadata value of the model, nil when it has none under `key`.
    func metadata(_ key: String) throws(OCRError) -> String? {
        var error: UnsafeMutablePointer<CChar>?
        guard let value = connx_metadata(session, key, &error) else {
            if error != nil { throw Self.error(&error, path) }
            return nil
        }
        defer { connx_free(value) }
        return String(cString: value)
    }

    private static func error(_ error: inout UnsafeMutablePointer<CChar>?, _ subject: String) -> OCRError {
        defer { connx_free(error); error = nil }
        return OCRError(error.map { String(cString: $0) } ?? "\(subject): ONNX Runtime failed without a message")
    }
}
