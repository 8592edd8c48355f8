import Testing
import ScanbookCore

@Suite struct BudgetSummaryTests {
    let categories: [BudgetSummary<Int>.Category] = [
        .init(id: 1, name: "Groceries", budget: 40000),
        .init(id: 2, name: "Restaurants", budget: 10000),
        .init(id: 3, name: "Household", budget: nil),
    ]

    @Test func addsSpendingPerCategoryAndComparesWithBudgets() {
        let summary = BudgetSummary(categories: categories, spending: [
            .init(category: 1, amount: 12550), .init(category: 1, amount: 4000),
            .init(category: 2, amount: 12000), .init(category: nil, amount: 990), .init(category: 99, amount: 10),
        ], uncategorizedName: "Uncategorized")
        #expect(summary.rows.map(\.spent) == [16550, 12000, 0, 1000])
        #expect(summary.rows[0].remaining == 23450)
        #expect(summary.rows[0].percentUsed == 41)
        #expect(summary.rows[1].remaining == -2000)
        #expect(summary.rows[1].isOverBudget)
        #expect(summary.rows[2].remaining == nil && !summary.rows[2].isOverBudget)
        #expect(summary.rows[3].category == nil && summary.rows[3].name == "Uncategorized")
        #expect(summary.totalSpent == 29550)
        #expect(summary.totalBudget == 50000)
        #expect(summary.totalRemaining == 50000 - 28550)
        #expect(summary.chartScale == 40000)
    }

    @Test func anEmptyMonthHasARowPerCategoryAndNoUncategorizedRow() {
        let summary = BudgetSummary(categories: categories, spending: [], uncategorizedName: "Uncategorized")
        #expect(summary.rows.count == 3)
        #expect(summary.totalSpent == 0)
        #expect(summary.rows[0].percentUsed == 0)
    }
}
