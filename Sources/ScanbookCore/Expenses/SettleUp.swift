/// Who owes whom on a shared list, and the fewest payments that settle everything.
public enum SettleUp {
    public struct Transfer<Member: Hashable & Sendable>: Sendable, Hashable {
        public let from: Member
        public let to: Member
        public let amount: Int

        public init(from: Member, to: Member, amount: Int) {
            self.from = from
            self.to = to
            self.amount = amount
        }
    }

    /// Net balance per member in minor units: what they paid minus their parts, plus payments they
    /// made, minus payments they received. Positive: the others owe them. The balances sum to 0.
    public static func balances<Member>(
        expenses: [(payer: Member, parts: [(Member, Int)])], payments: [Transfer<Member>]
    ) -> [Member: Int] {
        // Amounts are bounded where they enter; the sums still saturate rather than trap on rows
        // stored some other way.
        var balance: [Member: Int] = [:]
        func add(_ member: Member, _ amount: Int) { balance[member, default: 0] = balance[member, default: 0].adding(saturating: amount) }
        for expense in expenses {
            add(expense.payer, expense.parts.map(\.1).saturatingSum())
            for (member, part) in expense.parts { add(member, part == Int.min ? Int.max : -part) }
        }
        for payment in payments {
            add(payment.from, payment.amount)
            add(payment.to, payment.amount == Int.min ? Int.max : -payment.amount)
        }
        return balance
    }

    /// The fewest transfers that bring every balance to zero. Exact: n members with non-zero
    /// balances need n − g transfers, where g is the largest number of groups they can be split
    /// into that each sum to zero (found over all subsets; fine for the ≤ 6 members of a list, and
    /// up to about 16). Within a group the largest debtor pays the largest creditor until done.
    /// `order` breaks ties so the same balances always give the same plan.
    ///
    /// `keeping`: a plan proposed earlier, minus the payments since made. If it still settles the
    /// balances with no more transfers than needed, it is returned unchanged, so paying one
    /// proposed transfer does not reshuffle the others.
    public static func plan<Member: Comparable>(_ balances: [Member: Int], keeping earlier: [Transfer<Member>] = []) -> [Transfer<Member>] {
        let open = balances.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        let people = open.map(\.key)
        let values = open.map(\.value)
        let groups = largestZeroSumPartition(values)
        let minimum = people.count - groups.count
        if !earlier.isEmpty, earlier.count <= minimum, settles(earlier, balances) { return earlier }
        var transfers: [Transfer<Member>] = []
        for group in groups {
            var open = group.map { (member: people[$0], balance: values[$0]) }
            while true {
                open = open.filter { $0.balance != 0 }
                guard let debtor = open.filter({ $0.balance < 0 }).min(by: { ($0.balance, $0.member) < ($1.balance, $1.member) }),
                      let creditor = open.filter({ $0.balance > 0 }).max(by: { ($0.balance, $1.member) < ($1.balance, $0.member) })
                else { break }
                let amount = Int(clamping: min(debtor.balance.magnitude, creditor.balance.magnitude))
                transfers.append(Transfer(from: debtor.member, to: creditor.member, amount: amount))
                open = open.map { entry in
                    if entry.member == debtor.member { return (entry.member, entry.balance + amount) }
                    if entry.member == creditor.member { return (entry.member, entry.balance - amount) }
                    return entry
                }
            }
        }
        return transfers
    }

    /// Whether making `transfers` brings every balance to exactly zero.
    public static func settles<Member>(_ transfers: [Transfer<Member>], _ balances: [Member: Int]) -> Bool {
        var remaining = balances
        for transfer in transfers {
            guard transfer.amount > 0 else { return false }
            remaining[transfer.from, default: 0] = remaining[transfer.from, default: 0].adding(saturating: transfer.amount)
            remaining[transfer.to, default: 0] = remaining[transfer.to, default: 0].adding(saturating: -transfer.amount)
        }
        return remaining.values.allSatisfy { $0 == 0 }
    }

    /// Above this many people with open balances the exact search (3^n steps) would take too
    /// long; everyone then forms one group, settled in at most n − 1 payments.
    static let exactPartitionLimit = 12

    /// Indices of `values` (summing to 0) split into as many zero-sum groups as possible.
    static func largestZeroSumPartition(_ values: [Int]) -> [[Int]] {
        let count = values.count
        guard count > 0 else { return [] }
        guard count <= exactPartitionLimit else { return [Array(0..<count)] }
        let full = (1 << count) - 1
        var sums = [Int](repeating: 0, count: full + 1)
        for mask in 1...full {
            let lowest = mask.trailingZeroBitCount
            // Wrapping: only "is it zero" matters, and the bounded amounts never wrap.
            sums[mask] = sums[mask & (mask - 1)] &+ values[lowest]
        }
        // best[mask]: most zero-sum groups mask splits into (−1: impossible). Each step removes a
        // zero-sum group containing the lowest member, so every partition is seen once.
        var best = [Int](repeating: -1, count: full + 1)
        var choice = [Int](repeating: 0, count: full + 1)
        best[0] = 0
        for mask in 1...full where sums[mask] == 0 {
            let lowest = mask & -mask
            let rest = mask ^ lowest
            var sub = rest
            while true {
                let group = sub | lowest
                if sums[group] == 0, best[mask ^ group] >= 0, best[mask ^ group] + 1 > best[mask] {
                    best[mask] = best[mask ^ group] + 1
                    choice[mask] = group
                }
                if sub == 0 { break }
                sub = (sub - 1) & rest
            }
        }
        // Balances that do not sum to zero (they always do, unless a saturated sum broke that)
        // have no partition: settle them as one group.
        guard best[full] > 0 else { return [Array(0..<count)] }
        var groups: [[Int]] = []
        var mask = full
        while mask != 0 {
            let group = choice[mask]
            groups.append((0..<count).filter { group & (1 << $0) != 0 })
            mask ^= group
        }
        return groups
    }
}
