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
        read(gray: try inputPixels(image))
    }

    /// Reads the cell as it is and with light and dark swapped, and keeps the surer reading: the
    /// meter corpus has mostly light digits on dark drums, many counters are the other way round.
    public func readEitherPolarity(_ image: Image) throws(VisionError) -> Reading {
        readEitherPolarity(gray: try inputPixels(image))
    }

    /// `readEitherPolarity` on pixels already at the model's input size.
    public func readEitherPolarity(gray pixels: [UInt8]) -> Reading {
        let plain = read(gray: pixels)
        let inverted = read(gray: pixels.map { 255 - $0 })
        return inverted.confidence > plain.confidence ? inverted : plain
    }

    /// The image as the model's input: gray, `inputWidth` × `inputHeight`, row by row.
    public func inputPixels(_ image: Image) throws(VisionError) -> [UInt8] {
        var cell = try image.grayscale()
        if cell.width != model.inputWidth || cell.height != model.inputHeight {
            cell = try cell.resized(width: model.inputWidth, height: model.inputHeight)
        }
        return cell.grayPixels()
    }
}

extension Image {
    /// The first channel's values row by row, without the row padding.
    public func grayPixels() -> [UInt8] {
        withPixels { buffer in
            var pixels = [UInt8]()
            pixels.reserveCapacity(buffer.width * buffer.height)
            for row in 0..<buffer.height {
                for column in 0..<buffer.width { pixels.append(buffer.base![(row * buffer.stride) + column * buffer.channels]) }
            }
            return pixels
        }
    }
}
