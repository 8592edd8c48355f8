/// Resolves drum digits caught between two values, as an odometer is read: each drum shows the
/// value it has passed, and a drum only turns while the one to its right passes from 9 to 0.
public enum MidRollResolver {
    /// One cell as the digit reader saw it.
    public struct Cell: Sendable, Equatable {
        public let digit: Int
        public let confidence: Double
        public let second: Int

        public init(digit: Int, confidence: Double, second: Int) {
            self.digit = digit
            self.confidence = confidence
            self.second = second
        }

        /// Between two neighbouring values when the reader is unsure and its runner-up is adjacent.
        func isRolling(below threshold: Double) -> Bool {
            confidence < threshold && (second == (digit + 1) % 10 || digit == (second + 1) % 10)
        }
    }

    /// Digits left to right. A rolling digit takes the lower value: what has been fully passed. A
    /// drum other than the last turns only while the one to its right turns from 9 to 0, so it counts
    /// as rolling only when that neighbour is itself caught between 9 and 0: an unsure reading
    /// anywhere else is a hard glyph, not a roll, and keeps the model's answer.
    public static func resolve(_ cells: [Cell], threshold: Double = 0.8) -> [Int] {
        var result = [Int](repeating: 0, count: cells.count)
        var rightIsCarrying = false
        for index in cells.indices.reversed() {
            let cell = cells[index]
            let rolling = cell.isRolling(below: threshold) && (index == cells.count - 1 || rightIsCarrying)
            let lower = cell.second == (cell.digit + 1) % 10 ? cell.digit : cell.second
            result[index] = rolling ? lower : cell.digit
            rightIsCarrying = rolling && lower == 9
        }
        return result
    }
}
