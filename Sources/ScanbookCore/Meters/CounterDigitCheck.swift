/// Two independent readings of one counter window, the digit network's (cell by cell) and the text
/// reader's (the whole line), combined into the digits to propose and the ones to mark as unsure.
/// A value is filled in only when no digit is unsure; otherwise it is offered with the unsure digits
/// marked.
///
/// - Both readers agree on a digit: it is sure.
/// - They disagree where the network was unsure and its runner-up is the text reader's digit: the
///   text reader's digit is taken (a display's decimal mark shifts the network's cells, the last
///   one most).
/// - They disagree otherwise: unsure.
/// - The text reader saw fewer digits (it drops a drum between frames, a display's leading zeros)
///   but nothing that contradicts the network's order: only the network's doubt counts.
/// - Its digits contradict the network's: every digit is unsure.
///
/// A display (the text reader sees the decimal mark where the counter has its decimals) turns
/// this round: the mark and the missing leading zeros shift the network's evenly spaced cells, so
/// the text reader's digits lead; a digit is sure where the network's digits agree with it in
/// order, or, where they do not, when the text reader read every character of the line surely.
public enum CounterDigitCheck {
    /// A display's digits are taken without the network's agreement only this sure (0–100, the
    /// least sure character of the line).
    public static let sureDisplayCharacter = 95.0

    /// Below this a digit network's answer is a guess (`make bench` shows what it lets through).
    public static let sureConfidence = 0.7

    /// One cell as the digit network read it: digit, probability, runner-up.
    public typealias Cell = MidRollResolver.Cell

    public struct Result: Sendable, Equatable {
        /// Left to right, one per cell.
        public let digits: [Int]
        /// Positions (0 = leftmost) that must not be taken as read.
        public let unsure: [Int]
    }

    /// `second`: the text reader's counter line in the same window; `decimals`: the counter's.
    public static func combine(_ cells: [Cell], second found: CounterLineFinder.Found?, decimals: Int) -> Result {
        guard let found else { return combine(cells, second: nil) }
        guard decimals > 0, found.decimalsShown == decimals else { return combine(cells, second: found.digits) }
        let other = found.digits.compactMap(\.wholeNumberValue)
        let own = cells.map(\.digit)
        guard other.count == found.digits.count, (1...cells.count).contains(other.count) else { return Result(digits: own, unsure: Array(cells.indices)) }
        let padding = cells.count - other.count
        let digits = Array(repeating: 0, count: padding) + other
        let agreed = commonInOrder(other, own)
        // Two or more digits the network reads otherwise: the readers saw different things.
        guard agreed.count >= other.count - 1 else { return Result(digits: digits, unsure: Array(cells.indices)) }
        let surelyRead = (found.weakest ?? 0) >= sureDisplayCharacter
        let unsure = other.indices.filter { !agreed.contains($0) && !surelyRead }.map { $0 + padding }
        return Result(digits: digits, unsure: unsure)
    }

    public static func combine(_ cells: [Cell], second: String?) -> Result {
        let own = cells.map(\.digit)
        let doubted = cells.indices.filter { cells[$0].confidence < sureConfidence }
        guard let second else { return Result(digits: own, unsure: doubted) }
        let other = second.compactMap(\.wholeNumberValue)
        guard other.count == second.count, !other.isEmpty else { return Result(digits: own, unsure: Array(cells.indices)) }
        if other.count == cells.count {
            var digits = own, unsure: [Int] = []
            for (index, cell) in cells.enumerated() where cell.digit != other[index] {
                if cell.confidence < sureConfidence, cell.second == other[index] { digits[index] = other[index] } else { unsure.append(index) }
            }
            return Result(digits: digits, unsure: unsure)
        }
        if other.count < cells.count, isSubsequence(other, of: own) { return Result(digits: own, unsure: doubted) }
        return Result(digits: own, unsure: Array(cells.indices))
    }

    /// Indices into `a` of a longest sequence of digits `a` and `b` share in order.
    static func commonInOrder(_ a: [Int], _ b: [Int]) -> Set<Int> {
        guard !a.isEmpty, !b.isEmpty else { return [] }
        var length = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i][j] = a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var (i, j, kept) = (0, 0, Set<Int>())
        while i < a.count, j < b.count {
            if a[i] == b[j] { kept.insert(i); i += 1; j += 1 } else if length[i + 1][j] >= length[i][j + 1] { i += 1 } else { j += 1 }
        }
        return kept
    }

    static func isSubsequence(_ part: [Int], of whole: [Int]) -> Bool {
        var remaining = part[...]
        for digit in whole where digit == remaining.first { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }
}
