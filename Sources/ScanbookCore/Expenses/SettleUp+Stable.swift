extension SettleUp {
    /// The plan to show on a list, stable while people pay: the plan proposed when the expenses last
    /// changed (`balancesThen`), with each payment made since taken off the transfer it matches. As
    /// long as that still settles the balances with as few transfers as possible it is kept; anything
    /// else (a payment nobody proposed, an overpayment) gives a fresh plan.
    public static func stablePlan<Member: Comparable>(
        balancesThen: [Member: Int], paymentsSince: [Transfer<Member>], balancesNow: [Member: Int]
    ) -> [Transfer<Member>] {
        var earlier = plan(balancesThen)
        for payment in paymentsSince {
            guard let index = earlier.firstIndex(where: { $0.from == payment.from && $0.to == payment.to }) else { continue }
            let rest = earlier[index].amount - payment.amount
            if rest > 0 {
                earlier[index] = Transfer(from: payment.from, to: payment.to, amount: rest)
            } else {
                earlier.remove(at: index)
            }
        }
        return plan(balancesNow, keeping: earlier)
    }
}
