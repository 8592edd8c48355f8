import Foundation
import ScanbookCore
import ScanbookVision

/// The digit models that ship with Scanbook, by name (`scanbook digits --model meter`).
public enum DigitModels {
    /// `meter`: drum digits of counters; `handwritten`: digits written into form cells (MNIST).
    public static let available = ["meter", "handwritten"]

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

    /// The model `NAME-digits.json`; with `secondOpinion`, averaged with `NAME-digits-second.json`
    /// when that is shipped (twice the work per cell: for meter strips, not for bulk reading).
    public static func reader(named name: String, secondOpinion: Bool = false) throws -> DigitReader {
        guard available.contains(name), let url = Bundle.module.url(forResource: "\(name)-digits", withExtension: "json") else {
            throw Problem.unknown(name)
        }
        do {
            let secondURL = secondOpinion ? Bundle.module.url(forResource: "\(name)-digits-second", withExtension: "json") : nil
            let second = try secondURL.map(load)
            return try DigitReader(model: try load(url), secondOpinion: second)
        } catch {
            throw Problem.unreadable(name, String(describing: error))
        }
    }

    private static func load(_ url: URL) throws -> DigitModel {
        try JSONDecoder().decode(DigitModel.self, from: Data(contentsOf: url))
    }
}

extension DigitReader {
    /// Reads a digit cell image of any size: gray, resized to the model's input.
    public func read(_ image: Image) throws(VisionError) -> Reading {
        read(gray: try inputPixels(image))
    }

    /// `readEitherPolarity(gray:)` on a cell image of any size.
    public func readEitherPolarity(_ image: Image) throws(VisionError) -> Reading {
        readEitherPolarity(gray: try inputPixels(image))
    }

    /// A handwritten digit of any size and polarity, laid out as MNIST's (`HandwrittenCell`); nil
    /// when the image holds too little ink for a character.
    public func readHandwritten(_ image: Image) throws(VisionError) -> Reading? {
        let gray = try image.grayscale()
        guard let cell = HandwrittenCell.normalize(gray.grayPixels(), width: gray.width, height: gray.height, margin: 0) else { return nil }
        return read(gray: cell)
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
