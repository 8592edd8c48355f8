import Foundation
import ScanbookCore
import ScanbookVision

/// The digit models that ship with Scanbook, by name (`scanbook digits --model meter`).
public enum DigitModels {
    public static let available = ["meter"]

    public enum Problem: Error, CustomStringConvertible {
        case unknown(String)
        case unreadable(String, String)

        public var description: String {
            switch self {
            case .unknown(let name): "no digit model \"\(name)\" (available: \(DigitModels.available.joined(separator: ", ")))"
            case .unreadable(let name, let reason): "digit model \"\(name)\" cannot be read: \(reason)"
            }
        }
    }

    public static func reader(named name: String) throws -> DigitReader {
        guard available.contains(name), let url = Bundle.module.url(forResource: "\(name)-digits", withExtension: "json") else {
            throw Problem.unknown(name)
        }
        do {
            return try DigitReader(model: try JSONDecoder().decode(DigitModel.self, from: Data(contentsOf: url)))
        } catch {
            throw Problem.unreadable(name, String(describing: error))
        }
    }
}

extension DigitReader {
    /// Reads a digit cell image of any size: gray, resized to the model's input.
    public func read(_ image: Image) throws(VisionError) -> Reading {
        var cell = try image.grayscale()
        if cell.width != model.inputWidth || cell.height != model.inputHeight {
            cell = try cell.resized(width: model.inputWidth, height: model.inputHeight)
        }
        let pixels = cell.withPixels { buffer in
            var pixels = [UInt8]()
            pixels.reserveCapacity(buffer.width * buffer.height)
            for row in 0..<buffer.height {
                for column in 0..<buffer.width { pixels.append(buffer.base![row * buffer.stride + column]) }
            }
            return pixels
        }
        return read(gray: pixels)
    }
}
