import Foundation
import ScanbookCore

/// A folder of ONNX Runtime's optimized copies of the models. Optimizing PP-OCR's three models
/// as they load takes some 0.2 s of every `scanbook receipt` (measured: 239 → 59 ms to open them
/// from their copies, the same outputs bit for bit). A copy holds layouts chosen for this CPU by
/// this runtime version, so its name carries both, with the model's path, size and modification
/// time: another CPU, runtime or model finds no copy and makes its own.
struct OptimizedModelCache: Sendable {
    let directory: String

    /// Where the copy of `model` made by `runtimeVersion` on this CPU is, or nil when the model's
    /// file or the CPU cannot be told apart (then nothing is kept).
    func copy(of model: String, runtimeVersion: String) -> String? {
        guard let cpu = Self.cpuSignature,
              let attributes = try? FileManager.default.attributesOfItem(atPath: model),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let identity = [runtimeVersion, model, size.stringValue, String(modified.timeIntervalSince1970), cpu].joined(separator: "\n")
        return URL(fileURLWithPath: directory).appendingPathComponent("\(Self.stem(of: model)).\(String(identity.stableHash, radix: 16)).onnx").path
    }

    /// A fresh file beside `copy` for the runtime to write into (so no reader ever sees a half
    /// written copy), or nil when the folder cannot be made.
    func partialFile(for copy: String) -> String? {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return nil }
        return "\(copy).\(UUID().uuidString).partial"
    }

    /// Puts the written `partial` in place as `copy` and removes older copies of the same model.
    func keep(_ partial: String, as copy: String) {
        guard rename(partial, copy) == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            return
        }
        let name = URL(fileURLWithPath: copy).lastPathComponent, prefix = name.split(separator: ".").first.map { "\($0)." } ?? name
        for older in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where older != name && older.hasPrefix(prefix) && older.hasSuffix(".onnx") && older.split(separator: ".").count == 3 {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: directory).appendingPathComponent(older).path)
        }
    }

    /// "PP-OCRv6_det_small_flushed" for ".../PP-OCRv6_det_small_flushed.onnx" (no dots, so a
    /// copy's name splits into stem, key and extension).
    static func stem(of model: String) -> String {
        URL(fileURLWithPath: model).deletingPathExtension().lastPathComponent.replacingOccurrences(of: ".", with: "_")
    }

    /// The CPU as ONNX Runtime's layout choices see it: vendor, model and instruction set flags of
    /// the first processor in /proc/cpuinfo; nil when it cannot be read.
    static let cpuSignature: String? = ProcessorInfo.describingLines.isEmpty ? nil : ProcessorInfo.describingLines.joined(separator: "\n")
}
