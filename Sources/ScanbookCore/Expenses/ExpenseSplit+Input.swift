/// Building a split from what a person typed: a mode and, per member taking part, a value whose
/// meaning depends on the mode (nothing for equal, a whole number of shares, an amount, a percentage).
extension ExpenseSplit {
    public enum Mode: String, CaseIterable, Sendable, Codable {
        case equal, shares, exact, percent
    }

    public enum InputProblem: Error, Equatable, Sendable {
        case noMembers
        /// A member's value is missing or not a number of the mode's kind.
        case invalidValue(Member)
    }

    /// `values` in the order the parts should be listed (remainders go to the earlier members on a tie).
    public init(mode: Mode, values: [(Member, String?)]) throws(InputProblem) {
        guard !values.isEmpty else { throw .noMembers }
        func numbers(_ parse: (String) -> Int?) throws(InputProblem) -> [(Member, Int)] {
            var result: [(Member, Int)] = []
            for (member, text) in values {
                guard let number = parse((text ?? "").trimmingWhitespace()) else { throw .invalidValue(member) }
                result.append((member, number))
            }
            return result
        }
        switch mode {
        case .equal: self = .equal(values.map(\.0))
        case .shares: self = .shares(try numbers { Int($0).flatMap { (1...1_000).contains($0) ? $0 : nil } })
        case .exact: self = .exact(try numbers { Amount(typed: $0)?.hundredths })
        case .percent: self = .percentages(try numbers(Self.basisPoints))
        }
    }

    /// "33.34", "33,34 %", "50" → basis points (3334, 5000); nil beyond two decimals or 100 %.
    static func basisPoints(_ text: String) -> Int? {
        guard text.utf8.count <= 16 else { return nil }
        var token = text.hasSuffix("%") ? String(text.dropLast()).trimmingWhitespace() : text
        token = token.replacing(",", with: ".")
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let whole = Int(pieces[0].isEmpty ? "0" : pieces[0]), pieces[0].count <= 3
        else { return nil }
        var fraction = pieces.count == 2 ? String(pieces[1]) : ""
        guard fraction.count <= 2 else { return nil }
        fraction += String(repeating: "0", count: 2 - fraction.count)
        guard let hundredths = Int(fraction) else { return nil }
        let points = whole * 100 + hundredths
        return (1...10_000).contains(points) ? points : nil
    }
}
