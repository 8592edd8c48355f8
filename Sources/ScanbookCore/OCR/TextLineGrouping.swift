/// Pieces of text a detector found one by one (each a box read on its own) put into the lines
/// they stand on, left to right, as an `OCRResult` like Tesseract's: lines with boxes, words with
/// boxes and confidences (0–100).
public enum TextLineGrouping {
    /// One recognized box: its characters with their steps, and where those steps fall on the page.
    public struct Piece: Sendable, Equatable {
        public var characters: [CTCDecoder.Character]
        /// The box's bounds on the page.
        public var box: PixelRect
        /// Page x of each time step's left edge, and of the last step's right edge (`steps + 1`
        /// values, increasing); nil for a box read turned (its words get the whole box).
        public var stepEdges: [Double]?
        /// How much the piece's baseline rises or falls per pixel to the right (its box's top
        /// edge): the page's skew, where the piece is long enough to show it.
        public var slope: Double

        public init(characters: [CTCDecoder.Character], box: PixelRect, stepEdges: [Double]?, slope: Double = 0) {
            self.characters = characters
            self.box = box
            self.stepEdges = stepEdges
            self.slope = slope
        }

        public var text: String { characters.map(\.text).joined() }

        /// Mean character confidence, 0–1.
        public var confidence: Double {
            characters.isEmpty ? 0 : characters.map(\.confidence).reduce(0, +) / Double(characters.count)
        }

        /// The piece's words (split at spaces), each with its box, mean and least confidence (0–1).
        func words() -> [(text: String, confidence: Double, box: PixelRect, weakest: Double)] {
            var words: [(text: String, confidence: Double, box: PixelRect, weakest: Double)] = []
            var current: [CTCDecoder.Character] = []
            func flush() {
                defer { current = [] }
                guard !current.isEmpty else { return }
                let confidence = current.map(\.confidence).reduce(0, +) / Double(current.count)
                var box = self.box
                if let edges = stepEdges, let first = current.first?.steps.lowerBound, let last = current.last?.steps.upperBound,
                   first < edges.count, last + 1 < edges.count {
                    let left = Int(edges[first].rounded(.down)), right = Int(edges[last + 1].rounded(.up))
                    let x = min(max(left, self.box.x), self.box.x + self.box.width)
                    box = PixelRect(x: x, y: self.box.y, width: max(1, min(right, self.box.x + self.box.width) - x), height: self.box.height)
                }
                words.append((current.map(\.text).joined(), confidence, box, current.map(\.confidence).min() ?? 0))
            }
            for character in characters {
                if character.text == " " { flush() } else { current.append(character) }
            }
            flush()
            return words
        }
    }

    /// A piece joins the line whose nearest piece (left or right of it) overlaps it vertically by
    /// at least half of the smaller height, the most overlapping such line; never a line that has
    /// a piece above or below it (two pieces one over the other are two lines, however tall their
    /// boxes). Comparing with the nearest piece, not the line's average, follows a line that runs
    /// slightly uphill across a skewed receipt without taking in the line below. Lines run top to
    /// bottom, pieces in a line left to right. Pieces with no text are left out.
    public static func result(_ pieces: [Piece]) -> OCRResult {
        var kept = pieces.filter { !$0.text.trimmingWhitespace().isEmpty }
        // On a skewed page a label and its amount far to the right sit at different heights:
        // every box is moved by the page's skew (the median slope of the long pieces) as if the
        // page were straight, for the comparisons only.
        let long = kept.filter { $0.box.width >= 3 * $0.box.height && $0.slope.isFinite }.map(\.slope).sorted()
        // Beyond ±0.3 (17°) the "skew" is a misread box, not a page held at an angle.
        let skew = long.count >= 3 ? min(max(long[long.count / 2], -0.3), 0.3) : 0
        let straightened = kept.map { piece -> PixelRect in
            var box = piece.box
            box.y -= Int((skew * Double(piece.box.x + piece.box.width / 2)).rounded())
            return box
        }
        var order = Array(kept.indices)
        order.sort { 2 * straightened[$0].y + straightened[$0].height < 2 * straightened[$1].y + straightened[$1].height }
        var lines: [[Int]] = []
        func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
            let shared = Double(min(a.y + a.height, b.y + b.height) - max(a.y, b.y))
            return shared / Double(max(1, min(a.height, b.height)))
        }
        func stacked(_ a: PixelRect, _ b: PixelRect) -> Bool {
            let shared = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
            return Double(shared) > 0.3 * Double(max(1, min(a.width, b.width)))
        }
        func distance(_ a: PixelRect, _ b: PixelRect) -> Int {
            max(0, max(a.x, b.x) - min(a.x + a.width, b.x + b.width))
        }
        for piece in order {
            let box = straightened[piece]
            var best: (index: Int, ratio: Double)?
            for (index, line) in lines.enumerated() where !line.contains(where: { stacked(straightened[$0], box) }) {
                guard let nearest = line.min(by: { distance(straightened[$0], box) < distance(straightened[$1], box) }) else { continue }
                let ratio = overlap(straightened[nearest], box)
                if ratio >= 0.5, ratio > (best?.ratio ?? 0) { best = (index, ratio) }
            }
            if let best { lines[best.index].append(piece) } else { lines.append([piece]) }
        }
        // Top to bottom by each line's middle.
        let middles = lines.map { line in Double(line.map { 2 * straightened[$0].y + straightened[$0].height }.reduce(0, +)) / Double(2 * line.count) }
        let grouped = lines.map { $0.map { kept[$0] } }
        kept = []
        var result = OCRResult(text: "", meanConfidence: 0, words: [], lines: [])
        var confidences: [Double] = []
        for lineIndex in lines.indices.sorted(by: { middles[$0] < middles[$1] }) {
            let pieces = grouped[lineIndex].sorted { $0.box.x < $1.box.x }
            let index = result.lines.count
            var texts: [String] = []
            for piece in pieces {
                for word in piece.words() {
                    result.words.append(OCRWord(text: word.text, confidence: word.confidence * 100, box: word.box, line: index, weakest: word.weakest * 100))
                    confidences.append(word.confidence * 100)
                    texts.append(word.text)
                }
            }
            let left = pieces.map(\.box.x).min() ?? 0, top = pieces.map(\.box.y).min() ?? 0
            let right = pieces.map { $0.box.x + $0.box.width }.max() ?? 0, bottom = pieces.map { $0.box.y + $0.box.height }.max() ?? 0
            let confidence = pieces.map(\.confidence).reduce(0, +) / Double(max(1, pieces.count)) * 100
            result.lines.append(OCRLine(text: texts.joined(separator: " "), confidence: confidence, box: PixelRect(x: left, y: top, width: right - left, height: bottom - top)))
        }
        result.text = result.lines.map(\.text).joined(separator: "\n")
        result.meanConfidence = confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
        return result
    }
}
