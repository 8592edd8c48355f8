/// An amount shared in proportion to weights, to the cent: largest remainder, ties to the earlier
/// weight (what several payers' amounts become after a currency conversion, for instance).
public enum Apportion {
    /// Parts of `amount` (≥ 0) by `weights` (negative ones count as 0); they add up to `amount`
    /// whenever a weight is positive, and are all 0 otherwise.
    public static func largestRemainder(_ amount: Int, weights: [Int]) -> [Int] {
        guard amount > 0 else { return weights.map { _ in 0 } }
        return ItemisedSplit.apportion(UInt(amount), weights: weights.map { UInt(max(0, $0)) }).map { Int($0) }
    }
}
