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
        /// Sure enough to put in the form for the user to confirm (`make bench` shows what the
        /// threshold lets through); below it the value is only shown as what was read.
        public var isSure: Bool { confidence >= StripReader.sureConfidence }
        /// The cells as `CounterDigitCheck` weighs them against a second reading.
        public var checkCells: [CounterDigitCheck.Cell] { cells.map { .init(digit: $0.digit, confidence: $0.confidence, second: $0.second) } }
    }

    public static let sureConfidence = CounterDigitCheck.sureConfidence

    public enum Problem: Error, CustomStringConvertible {
        case tooNarrow(width: Int, digits: Int)

        public var description: String {
            switch self {
            case .tooNarrow(let width, let digits): "a strip \(width) pixels wide is too narrow for \(digits) digits"
            }
        }
    }

    /// Cells found by `StripLayout` (the user's crop is loose); each read as the model expects.
    public func read(_ strip: Image, counter: MeterCounter) throws -> Result {
        let gray = try strip.grayscale()
        guard gray.width / counter.digits >= 4, gray.height >= 4 else { throw Problem.tooNarrow(width: gray.width, digits: counter.digits) }
        let pixels = gray.grayPixels()
        let layout = StripLayout.find(gray: pixels, width: gray.width, height: gray.height, count: counter.digits)
        let brightest = try strip.brightestChannel()
        let cells = try layout.cells.map { columns in
            let rect = PixelRect(x: columns.lowerBound, y: layout.rows.lowerBound, width: columns.count, height: layout.rows.count)
            // Luminance for white or black digits, the brightest channel for red ink on a dark drum:
            // whichever shows the cell with more contrast.
            let views = try [gray, brightest].map { try reader.inputPixels(try $0.cropped(to: rect)) }
            let reading = reader.readEitherPolarity(gray: views.max { GrayStatistics($0).deviation < GrayStatistics($1).deviation }!)
            return MidRollResolver.Cell(digit: Int(reading.value) ?? 0, confidence: reading.confidence, second: Int(reading.second) ?? 0)
        }
        let resolved = MidRollResolver.resolve(cells)
        return Result(
            steps: MeterCounter.steps(resolved),
            cells: zip(resolved, cells).map { Cell(digit: $0, read: $1.digit, confidence: $1.confidence, second: $1.second) }
        )
    }
}

/// Which meter a photo shows: its features matched against one reference photo per meter (the
/// print, labels and serial number agree under one perspective map only on the same meter), with
/// HSV histograms breaking ties.
public enum MeterPhotoMatcher {
    /// Photos are compared at this longest side: enough for the print on a type plate, and 12 MP
    /// photos would take thirty times longer.
    public static let workingSide = 800
    /// The least share of the photo an outline must enclose to be taken for the meter.
    public static let minimumOutlineShare = 0.2

    /// The photo as it is compared (and as a reference is worth keeping): downscaled, then cut to
    /// the meter's outline when one is found, so the wall around it and the framing count less
    /// (measured in `make bench`: +21 points of photos identified right on the generated set).
    public static func prepare(_ photo: Image) throws -> Image {
        let small = try photo.resized(toFit: workingSide)
        let outline = try small.findDocument()
        guard outline.found else { return small }
        let corners = outline.corners
        // A small outline is a window or label on the meter, not the meter.
        let points = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft]
        let area = abs(zip(points, points.dropFirst() + points.prefix(1)).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
        guard area >= minimumOutlineShare * Double(small.width * small.height) else { return small }
        let width = Int(max(corners.topLeft.distance(to: corners.topRight), corners.bottomLeft.distance(to: corners.bottomRight)))
        let height = Int(max(corners.topLeft.distance(to: corners.bottomLeft), corners.topRight.distance(to: corners.bottomRight)))
        guard width >= 32, height >= 32 else { return small }
        return try small.warped(corners, width: width, height: height)
    }

    /// `photo` and `references` already prepared.
    public static func identify(_ photo: Image, references: [Image]) throws -> (evidence: [MeterIdentification.Evidence], ranking: MeterIdentification.Ranking) {
        let agreement = try photo.featureAgreement(with: references)
        let evidence = try zip(references, agreement).map { reference, agreement in
            let scores = try photo.compareHistograms(with: reference)
            return MeterIdentification.Evidence(
                matches: agreement.matches, distinctMatches: agreement.distinct,
                scores: MeterIdentification.Scores(
                    correlation: scores.correlation, chiSquare: scores.chiSquare,
                    intersection: scores.intersection, bhattacharyya: scores.bhattacharyya
                )
            )
        }
        return (evidence, MeterIdentification.rank(evidence))
    }
}
