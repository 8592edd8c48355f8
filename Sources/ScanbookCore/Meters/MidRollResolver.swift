/// Resolves drum digits caught between two values. A drum only turns when the one to its right
/// passes from 9 to 0, so a digit half-way between d and d+1 shows d+1 if the digit to its right has
/// already wrapped (reads low, 0–4) and d if it is still on its way (reads high, 5–9).
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

    /// Digits left to right. The rightmost rolling digit takes the lower value (what has been fully
    /// passed); every other rolling digit follows the digit to its right.
    public static func resolve(_ cells: [Cell], threshold: Double = 0.8) -> [Int] {
        var result = [Int](repeating: 0, count: cells.count)
        for index in cells.indices.reversed() {
            let cell = cells[index]
            guard cell.isRolling(below: threshold) else { result[index] = cell.digit; continue }
            let lower = cell.second == (cell.digit + 1) % 10 ? cell.digit : cell.second
            let upper = (lower + 1) % 10
            if index == cells.count - 1 {
                result[index] = lower
            } else {
                result[index] = result[index + 1] <= 4 ? upper : lower
            }
        }
        return result
    }
}
