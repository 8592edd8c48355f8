/// Unspent budget that moves on to the next month, for a category that carries over: each month
/// has its budget plus what reached it; what is left at the month's end reaches the next. An
/// overspent month passes nothing on (and takes nothing from the next: debt is not carried).
/// The same monthly budget is assumed for the months counted, as only the current one is kept.
public enum BudgetCarryOver {
    /// Months looked back at most: older unspent money is left where it was.
    public static let maximumMonths = 36

    /// What reaches the month after `spent`'s last, `spent` being each earlier month's spending
    /// in the category from the first month that carried over, oldest first.
    public static func carried(budget: Int, spent: [Int]) -> Int {
        guard budget > 0 else { return 0 }
        return spent.suffix(maximumMonths).reduce(0) { reaching, month in
            max(0, budget.adding(saturating: reaching).adding(saturating: month == Int.min ? Int.max : -month))
        }
    }
}
