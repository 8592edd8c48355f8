/// How an expense is divided among list members: equally (the default), by shares, by exact
/// amounts or by percentages. Amounts are integer minor units; parts always add up to the amount,
/// the units a proportional split leaves over going to the largest remainders (ties: the order the
/// members were given in).
public enum ExpenseSplit<Member: Hashable & Sendable>: Sendable, Equatable {
    case equal([Member])
    /// Whole-number shares, e.g. 2 for an adult and 1 for a child.
    case shares([(Member, Int)])
    /// Each member's exact part in minor units.
    case exact([(Member, Int)])
    /// Percentages in hundredths of a percent (basis points): 33.34 % is 3334; they must total 10000.
    case percentages([(Member, Int)])

    public enum Problem: Error, Equatable, Sendable {
        case amountNotPositive
        case noMembers
        case repeatedMember
        case partNotPositive
        /// Exact parts that do not add up to the amount: (sum of parts, amount).
        case exactPartsDoNotAddUp(Int, Int)
        /// Percentages that do not total 100 % (in basis points).
        case percentagesDoNotAddUp(Int)
        /// An amount beyond `Amount.bookable`, a weight above `maximumWeight` or more than
        /// `maximumMembers` parts: refused, so the products below stay within `Int`.
        case outOfRange
    }

    public static var maximumWeight: Int { 1_000_000 }
    public static var maximumMembers: Int { 1_000 }

    /// Each member's part, in the order given; throws for anything that is not a valid split.
    public func parts(of amount: Int) throws(Problem) -> [(Member, Int)] {
        guard amount > 0 else { throw .amountNotPositive }
        guard amount <= Amount.bookable.upperBound else { throw .outOfRange }
        switch self {
        case .equal(let members):
            return try Self.proportional(amount, members.map { ($0, 1) })
        case .shares(let shares):
            return try Self.proportional(amount, shares)
        case .percentages(let percentages):
            try Self.check(percentages)
            let total = percentages.reduce(0) { $0 + $1.1 }
            guard total == 10_000 else { throw .percentagesDoNotAddUp(total) }
            return try Self.proportional(amount, percentages)
        case .exact(let parts):
            try Self.check(parts)
            let total = parts.reduce(0) { $0 + $1.1 }
            guard total == amount else { throw .exactPartsDoNotAddUp(total, amount) }
            return parts
        }
    }

    /// Without a `Member` to compare, tuples need a hand-written equality.
    public static func == (lhs: ExpenseSplit, rhs: ExpenseSplit) -> Bool {
        func same(_ a: [(Member, Int)], _ b: [(Member, Int)]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 } }
        switch (lhs, rhs) {
        case (.equal(let a), .equal(let b)): return a == b
        case (.shares(let a), .shares(let b)), (.exact(let a), .exact(let b)), (.percentages(let a), .percentages(let b)): return same(a, b)
        default: return false
        }
    }

    private static func check(_ weights: [(Member, Int)]) throws(Problem) {
        guard !weights.isEmpty else { throw .noMembers }
        guard weights.count <= maximumMembers, weights.allSatisfy({ $0.1 <= maximumWeight }) else { throw .outOfRange }
        guard Set(weights.map(\.0)).count == weights.count else { throw .repeatedMember }
        guard weights.allSatisfy({ $0.1 > 0 }) else { throw .partNotPositive }
    }

    /// Largest-remainder apportionment of `amount` by `weights`.
    private static func proportional(_ amount: Int, _ weights: [(Member, Int)]) throws(Problem) -> [(Member, Int)] {
        try check(weights)
        let total = weights.reduce(0) { $0 + $1.1 }
        var parts = weights.map { amount * $0.1 / total }
        let remainders = weights.map { amount * $0.1 % total }
        let leftOver = amount - parts.reduce(0, +)
        let order = weights.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(leftOver) { parts[index] += 1 }
        return zip(weights, parts).map { ($0.0, $1) }
    }
}
