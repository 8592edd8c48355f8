import ScanbookCore
import ScanbookVision

/// Reads a meter's counter from an image cropped to its digit strip: one cell per digit, each read
/// by the digit model, mid-rolled drums settled by the digits to their right.
public struct StripReader: Sendable {
    public let reader: DigitReader

    public init(reader: DigitReader) {
        self.reader = reader
    }

    public struct Cell: Sendable, Equatable, Codable {
        /// The digit after mid-roll resolution: what the value shows.
        public let digit: Int
        /// What the model read in the cell, its probability and runner-up.
        public let read: Int
        public let confidence: Double
        public let second: Int
    }

    public struct Result: Sendable, Equatable {
        public let steps: Int
        public let cells: [Cell]
        /// The least sure cell's probability: one wrong digit makes the value wrong.
        public var confidence: Double { cells.map(\.confidence).min() ?? 0 }
    }

    public enum Problem: Error, CustomStringConvertible {
        case tooNarrow(width: Int, digits: Int)

        public var description: String {
            switch self {
            case .tooNarrow(let width, let digits): "a strip \(width) pixels wide is too narrow for \(digits) digits"
            }
        }
    }

    /// Equal cells across the strip (the strip is cropped to the counter's digits by the user).
    public func read(_ strip: Image, counter: MeterCounter) throws -> Result {
        let gray = try strip.grayscale()
        let cellWidth = gray.width / counter.digits
        guard cellWidth >= 4, gray.height >= 4 else { throw Problem.tooNarrow(width: gray.width, digits: counter.digits) }
        let cells = try (0..<counter.digits).map { index in
            let reading = try reader.read(try gray.cropped(to: PixelRect(x: index * cellWidth, y: 0, width: cellWidth, height: gray.height)))
            return MidRollResolver.Cell(digit: Int(reading.value) ?? 0, confidence: reading.confidence, second: Int(reading.second) ?? 0)
        }
        let resolved = MidRollResolver.resolve(cells)
        return Result(
            steps: resolved.reduce(0) { $0 * 10 + $1 },
            cells: zip(resolved, cells).map { Cell(digit: $0, read: $1.digit, confidence: $1.confidence, second: $1.second) }
        )
    }
}

/// Which meter a photo shows, by HSV histograms against one reference photo per meter.
public enum MeterPhotoMatcher {
    /// Photos are compared at this longest side: colour distribution, not detail, tells meters
    /// apart, and 12 MP photos would take a hundred times longer.
    public static let workingSide = 400

    /// The photo as it is compared (and as a reference is worth keeping).
    public static func prepare(_ photo: Image) throws -> Image {
        try photo.resized(toFit: workingSide)
    }

    /// `photo` and `references` already prepared.
    public static func identify(_ photo: Image, references: [Image]) throws -> (scores: [MeterIdentification.Scores], decision: MeterIdentification.Decision) {
        let scores = try references.map { reference in
            let scores = try photo.compareHistograms(with: reference)
            return MeterIdentification.Scores(
                correlation: scores.correlation, chiSquare: scores.chiSquare,
                intersection: scores.intersection, bhattacharyya: scores.bhattacharyya
            )
        }
        return (scores, MeterIdentification.decide(scores))
    }
}
