/// A receipt's items divided among list members, to the cent. Each item's amount goes equally to
/// the members it is assigned to (everyone when none is named); whatever the items do not account
/// for (a discount line not read, rounding, an item missed) is then spread over the members in
/// proportion to what their items came to. Parts always add up to the receipt's total. Rounding:
/// an item's cents that do not divide go to its members who have had the fewest such cents so far
/// (ties: the member named first in `everyone`); the difference is shared by largest remainder,
/// as `ExpenseSplit` does.
public enum ItemisedSplit {
    public struct Item<Member: Hashable & Sendable>: Sendable {
        /// Minor units; negative for a discount line.
        public let amountMinor: Int
        /// Empty: everyone.
        public let members: [Member]

        public init(amountMinor: Int, members: [Member]) {
            self.amountMinor = amountMinor
            self.members = members
        }
    }

    public enum Problem: Error, Equatable, Sendable {
        case totalNotPositive
        case noMembers
        case repeatedMember
        /// An item assigned to someone who is not on the list.
        case unknownMember
        /// More than `maximumItems` items, or an amount beyond `Amount.bookable`.
        case outOfRange
        /// The items come to nothing or less, so there is nothing to split in proportion to.
        case itemsNotPositive
        /// Discounts assigned so that a member would be owed money by their own receipt.
        case partNegative
    }

    public static let maximumItems = 1_000

    /// Each member's part in the order of `everyone`, members whose part is zero left out.
    public static func parts<Member>(of total: Int, items: [Item<Member>], everyone: [Member]) throws(Problem) -> [(Member, Int)] {
        guard total > 0 else { throw .totalNotPositive }
        guard total <= Amount.bookable.upperBound, items.count <= maximumItems else { throw .outOfRange }
        guard !everyone.isEmpty else { throw .noMembers }
        guard Set(everyone).count == everyone.count, everyone.count <= ExpenseSplit<Member>.maximumMembers else { throw .repeatedMember }
        let position = Dictionary(uniqueKeysWithValues: everyone.enumerated().map { ($1, $0) })
        var sums = Array(repeating: 0, count: everyone.count)
        var oddCents = Array(repeating: 0, count: everyone.count)
        for item in items {
            guard Amount.bookable.contains(item.amountMinor) else { throw .outOfRange }
            let assigned = item.members.isEmpty ? everyone : item.members
            guard Set(assigned).count == assigned.count else { throw .repeatedMember }
            let indices = try assigned.map { member throws(Problem) -> Int in
                guard let index = position[member] else { throw .unknownMember }
                return index
            }.sorted()
            let sign = item.amountMinor < 0 ? -1 : 1
            let (each, left) = item.amountMinor.magnitude.quotientAndRemainder(dividingBy: UInt(indices.count))
            for index in indices { sums[index] += sign * Int(each) }
            // Cents that do not divide go to whoever has had the fewest so far (a discount's to
            // whoever had the most), so the first member named does not collect one per item.
            let order = indices.sorted { a, b in
                oddCents[a] != oddCents[b] ? (sign > 0) == (oddCents[a] < oddCents[b]) : a < b
            }
            for index in order.prefix(Int(left)) {
                sums[index] += sign
                oddCents[index] += sign
            }
        }
        let itemsTotal = sums.reduce(0, +)
        guard itemsTotal > 0 else { throw .itemsNotPositive }
        guard !sums.contains(where: { $0 < 0 }) else { throw .partNegative }
        let difference = total - itemsTotal
        let adjustment = apportion(difference.magnitude, weights: sums.map { UInt($0) })
        let parts = zip(sums, adjustment).map { sum, extra in difference < 0 ? sum - Int(extra) : sum + Int(extra) }
        guard !parts.contains(where: { $0 < 0 }) else { throw .partNegative }
        return zip(everyone, parts).filter { $0.1 > 0 }
    }

    /// Largest-remainder apportionment of `amount` by `weights` (ties: the earlier weight), in full
    /// width so amounts and weights up to `Amount.bookable` never overflow.
    static func apportion(_ amount: UInt, weights: [UInt]) -> [UInt] {
        let total = weights.reduce(0, +)
        guard total > 0 else { return weights.map { _ in 0 } }
        var parts: [UInt] = [], remainders: [UInt] = []
        for weight in weights {
            let (quotient, remainder) = total.dividingFullWidth(amount.multipliedFullWidth(by: weight))
            parts.append(quotient)
            remainders.append(remainder)
        }
        let leftOver = Int(amount - parts.reduce(0, +))
        let order = weights.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(leftOver) { parts[index] += 1 }
        return parts
    }
}
