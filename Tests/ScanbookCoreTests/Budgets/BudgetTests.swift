import Testing
import ScanbookCore

@Suite struct YearMonthTests {
    @Test func parsesAndPrintsMonths() {
        #expect(YearMonth("2025-06")?.description == "2025-06")
        #expect(YearMonth("2025-6") == nil)
        #expect(YearMonth("2025-13") == nil)
        #expect(YearMonth("june") == nil)
    }

    @Test func stepsOverYearBoundaries() throws {
        let december = try #require(YearMonth(year: 2024, month: 12))
        #expect(december.next == YearMonth(year: 2025, month: 1))
        #expect(december.next?.previous == december)
        #expect(YearMonth(year: 2025, month: 1)?.previous == december)
    }

    @Test func stepsStopAtTheEndsOfTheSupportedYears() throws {
        #expect(try #require(YearMonth(year: 2199, month: 12)).next == nil)
        #expect(try #require(YearMonth(year: 1900, month: 1)).previous == nil)
        #expect(try #require(YearMonth(year: 2199, month: 12)).lastDay.description == "2199-12-31")
    }

    @Test func knowsItsFirstAndLastDay() throws {
        #expect(YearMonth(year: 2024, month: 2)?.lastDay.description == "2024-02-29")
        #expect(YearMonth(year: 2025, month: 2)?.lastDay.description == "2025-02-28")
        let june = try #require(YearMonth("2025-06"))
        #expect(june.contains(try #require(CalendarDate(year: 2025, month: 6, day: 30))))
        #expect(!june.contains(try #require(CalendarDate(year: 2025, month: 7, day: 1))))
        #expect(!june.contains(try #require(CalendarDate(year: 2024, month: 6, day: 15))))
    }

    @Test func readsISODatesStrictly() {
        #expect(CalendarDate(iso: "2025-06-26")?.description == "2025-06-26")
        #expect(CalendarDate(iso: "26.06.2025") == nil)
        #expect(CalendarDate(iso: "2025-02-30") == nil)
    }
}

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

@Suite struct SplitPlanTests {
    @Test func acceptsPartsThatAddUpToTheTotal() throws {
        let plan = try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "home", hundredths: 225)], total: 925)
        #expect(plan.parts.count == 2)
    }

    @Test func refusesBadSplits() {
        #expect(throws: SplitPlan<String>.Problem.doesNotAddUp(sum: 900, total: 925)) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "home", hundredths: 200)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.repeatedCategory) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 700), .init(category: "food", hundredths: 225)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.notPositive) {
            try SplitPlan<String>(parts: [.init(category: "food", hundredths: 1000), .init(category: "home", hundredths: -75)], total: 925)
        }
        #expect(throws: SplitPlan<String>.Problem.empty) { try SplitPlan<String>(parts: [], total: 925) }
    }
}

@Suite struct CSVTableTests {
    @Test func quotesAndDefusesCells() {
        var table = CSVTable(header: ["date", "merchant", "total"])
        table.append([.text("2025-06-01"), .text("Café \"Zum Bären\", Bern"), .number("12.50")])
        table.append([.text("2025-06-02"), .text("=HYPERLINK(\"x\")"), .number("-1.00")])
        #expect(table.text == "date,merchant,total\r\n2025-06-01,\"Café \"\"Zum Bären\"\", Bern\",12.50\r\n2025-06-02,\"'=HYPERLINK(\"\"x\"\")\",-1.00\r\n")
    }
}
