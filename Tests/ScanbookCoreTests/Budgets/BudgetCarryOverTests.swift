import Testing
@testable import ScanbookCore

@Suite struct BudgetCarryOverTests {
    @Test func unspentBudgetAddsUpAndAnOverspentMonthPassesNothingOn() {
        // Budget 200: 130 spent leaves 70; next month 270 available, 300 spent: nothing passes on.
        #expect(BudgetCarryOver.carried(budget: 20_000, spent: [13_000]) == 7_000)
        #expect(BudgetCarryOver.carried(budget: 20_000, spent: [13_000, 10_000]) == 17_000)
        #expect(BudgetCarryOver.carried(budget: 20_000, spent: [13_000, 30_000]) == 0)
        #expect(BudgetCarryOver.carried(budget: 20_000, spent: [13_000, 30_000, 5_000]) == 15_000)
        #expect(BudgetCarryOver.carried(budget: 20_000, spent: []) == 0 && BudgetCarryOver.carried(budget: 0, spent: [0, 0]) == 0)
    }

    @Test func onlyTheLastThreeYearsCountAndNothingTraps() {
        #expect(BudgetCarryOver.carried(budget: 100, spent: Array(repeating: 0, count: 100)) == 100 * BudgetCarryOver.maximumMonths)
        #expect(BudgetCarryOver.carried(budget: Int.max, spent: [Int.min, Int.max, 0]) >= 0)
    }

    @Test func theMonthsBudgetIncludesWhatWasCarriedAndTheTotalsAgree() {
        let summary = BudgetSummary(
            categories: [.init(id: "food", name: "Food", budget: 20_000, carriedOver: 7_000), .init(id: "fun", name: "Fun", budget: nil, carriedOver: 5_000)],
            spending: [.init(category: "food", amount: 25_000), .init(category: "fun", amount: 1_000)], uncategorizedName: "-"
        )
        let food = summary.rows[0]
        #expect(food.budget == 27_000 && food.carriedOver == 7_000 && food.remaining == 2_000 && !food.isOverBudget)
        #expect(summary.rows[1].carriedOver == 0, "no budget, nothing carried")
        #expect(summary.totalBudget == 27_000 && summary.totalRemaining == 2_000)
    }
}
