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
        var balance: [Member: Int] = [:]
        for expense in expenses {
            balance[expense.payer, default: 0] += expense.parts.reduce(0) { $0 + $1.1 }
            for (member, part) in expense.parts { balance[member, default: 0] -= part }
        }
        for payment in payments {
            balance[payment.from, default: 0] += payment.amount
            balance[payment.to, default: 0] -= payment.amount
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
        let people = balances.filter { $0.value != 0 }.map(\.key).sorted()
        let minimum = people.count - largestZeroSumPartition(people.map { balances[$0]! }).count
        if !earlier.isEmpty, earlier.count <= minimum, settles(earlier, balances) { return earlier }
        var transfers: [Transfer<Member>] = []
        for group in largestZeroSumPartition(people.map { balances[$0]! }) {
            var open = group.map { (member: people[$0], balance: balances[people[$0]]!) }
            while true {
                open = open.filter { $0.balance != 0 }
                guard let debtor = open.filter({ $0.balance < 0 }).min(by: { ($0.balance, $0.member) < ($1.balance, $1.member) }),
                      let creditor = open.filter({ $0.balance > 0 }).max(by: { ($0.balance, $1.member) < ($1.balance, $0.member) })
                else { break }
                let amount = min(-debtor.balance, creditor.balance)
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
            remaining[transfer.from, default: 0] += transfer.amount
            remaining[transfer.to, default: 0] -= transfer.amount
        }
        return remaining.values.allSatisfy { $0 == 0 }
    }

    /// Indices of `values` (summing to 0) split into as many zero-sum groups as possible.
    static func largestZeroSumPartition(_ values: [Int]) -> [[Int]] {
        let count = values.count
        guard count > 0 else { return [] }
        precondition(count <= 20, "exact settlement is for small groups")
        let full = (1 << count) - 1
        var sums = [Int](repeating: 0, count: full + 1)
        for mask in 1...full {
            let lowest = mask.trailingZeroBitCount
            sums[mask] = sums[mask & (mask - 1)] + values[lowest]
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
