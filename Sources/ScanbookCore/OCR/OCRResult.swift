/// What OCR saw: the text, and every word and line with its box and confidence (0–100), so that
/// extractors can enforce field formats and weigh doubtful words themselves.
public struct OCRResult: Equatable, Sendable, Codable {
    public var text: String
    /// Tesseract's mean word confidence, 0–100.
    public var meanConfidence: Double
    public var words: [OCRWord]
    public var lines: [OCRLine]
    /// How far the reader found the text turned on the image it was given, which it then read
    /// turned upright: words and lines are placed in that upright image. nil: not judged
    /// (Tesseract; a rectangle or a single line).
    public var turn: QuarterTurn?

    public init(text: String, meanConfidence: Double, words: [OCRWord], lines: [OCRLine], turn: QuarterTurn? = nil) {
        self.text = text
        self.meanConfidence = meanConfidence
        self.words = words
        self.lines = lines
        self.turn = turn
    }
}

public struct OCRWord: Equatable, Sendable, Codable {
    public var text: String
    public var confidence: Double
    public var box: PixelRect
    /// Index into `OCRResult.lines`.
    public var line: Int
    /// The least sure character's confidence, 0–100, where the reader tells (PP-OCR does, per
    /// character; Tesseract's words have only their mean): one doubtful digit in a number that is
    /// otherwise read well is what matters for a counter.
    public var weakest: Double?

    public init(text: String, confidence: Double, box: PixelRect, line: Int, weakest: Double? = nil) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.line = line
        self.weakest = weakest
    }
}

public struct OCRLine: Equatable, Sendable, Codable {
    public var text: String
    public var confidence: Double
    public var box: PixelRect

    public init(text: String, confidence: Double, box: PixelRect) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

/// A decoded barcode or QR code.
public struct Barcode: Equatable, Sendable, Codable {
    public enum Symbology: String, Sendable, Codable {
        case qrCode = "QR-Code", ean13 = "EAN-13", ean8 = "EAN-8", upcA = "UPC-A", upcE = "UPC-E", other
    }

    public var symbology: Symbology
    public var payload: String
    /// The symbol's outline as zbar reports it (x, y pairs).
    public var corners: [[Int]]

    public init(symbology: Symbology, payload: String, corners: [[Int]]) {
        self.symbology = symbology
        self.payload = payload
        self.corners = corners
    }
}

/// Character accuracy of OCR output against the truth: 1 − edit distance / truth length
/// (can go below 0 when the output is much longer than the truth).
public func characterAccuracy(recognized: String, truth: String) -> Double {
    let a = Array(recognized), b = Array(truth)
    guard !b.isEmpty else { return a.isEmpty ? 1 : 0 }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(1, a.count) where !a.isEmpty {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    let distance = a.isEmpty ? b.count : previous[b.count]
    return 1 - Double(distance) / Double(b.count)
}
