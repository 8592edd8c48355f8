/// Finds a meter's counter among the text lines a reader found on a photo: the largest line that
/// is only a number (gaps between drums, one decimal mark on a display, a unit after it), long
/// enough to be a counter. Serial numbers ("Nr. 1417…") and plate lines carry letters or are
/// smaller, so they lose.
public enum CounterLineFinder {
    public struct Found: Sendable, Equatable {
        /// The line's box in the photo's pixels.
        public let box: PixelRect
        /// The digits as read, left to right, without gaps or marks: "333964".
        public let digits: String
        /// Digits after a decimal mark, when the counter shows one (a display); nil for drums,
        /// whose decimals are told by colour, not by a mark.
        public let decimalsShown: Int?
        /// The line's mean confidence, 0–100.
        public let confidence: Double
        /// The least sure character's, 0–100, when the reader tells.
        public var weakest: Double?

        public init(box: PixelRect, digits: String, decimalsShown: Int?, confidence: Double, weakest: Double? = nil) {
            self.box = box
            self.digits = digits
            self.decimalsShown = decimalsShown
            self.confidence = confidence
            self.weakest = weakest
        }
    }

    /// The counter line of a read page, with its least sure character from the line's words.
    public static func find(in result: OCRResult, expectedDigits: Int? = nil) -> Found? {
        guard var found = find(in: result.lines, expectedDigits: expectedDigits),
              let index = result.lines.firstIndex(where: { $0.box == found.box && number(in: $0.text)?.digits == found.digits }) else { return nil }
        let words = result.words.filter { $0.line == index }
        if !words.isEmpty, words.allSatisfy({ $0.weakest != nil }) { found.weakest = words.compactMap(\.weakest).min() }
        return found
    }

    /// Fewer digits than this is a date, a class or a year on the plate, not a counter.
    public static let minimumDigits = 4
    /// Units displays print next to the value; anything else with letters is not a counter.
    static let units: Set<String> = ["kwh", "mwh", "wh", "m3", "m³", "gj", "mj", "l", "kw"]

    /// The counter line, or nil when no line reads as one. With `expectedDigits`, a line needs at
    /// least `minimumDigits` and at most that many digits (displays drop leading zeros).
    public static func find(in lines: [OCRLine], expectedDigits: Int? = nil) -> Found? {
        let candidates = lines.compactMap { line -> Found? in
            guard let (digits, decimals) = number(in: line.text), digits.count >= minimumDigits,
                  expectedDigits.map({ digits.count <= $0 }) ?? (digits.count <= 12) else { return nil }
            return Found(box: line.box, digits: digits, decimalsShown: decimals, confidence: line.confidence, weakest: nil)
        }
        // The counter is the largest number printed on a meter: tall figures, and more of them than
        // a year or a class on the plate.
        return candidates.max { ($0.box.height * $0.digits.count, $0.digits.count) < ($1.box.height * $1.digits.count, $1.digits.count) }
    }

    /// The digits of a line that is only a number, and how many follow its decimal mark.
    static func number(in text: String) -> (digits: String, decimals: Int?)? {
        var words = text.split(whereSeparator: { $0 == " " }).map(String.init)
        if let last = words.last, units.contains(last.lowercased()) { words.removeLast() }
        var digits = "", decimals: Int? = nil
        for character in words.joined() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                decimals = decimals.map { $0 + 1 }
            } else if character == "." || character == ",", decimals == nil, !digits.isEmpty {
                decimals = 0
            } else {
                return nil
            }
        }
        guard !digits.isEmpty, decimals != 0 else { return nil }
        return (digits, decimals)
    }
}
