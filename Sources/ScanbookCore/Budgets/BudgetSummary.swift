/// One month's spending against the budgets: per category spent, budget, remaining and how full
/// the budget is. Amounts are hundredths of the currency (integers); nothing here rounds.
public struct BudgetSummary<CategoryID: Hashable & Sendable>: Sendable {
    public struct Category: Sendable {
        public let id: CategoryID
        public let name: String
        /// Monthly budget in hundredths; nil when the category has none.
        public let budget: Int?
        /// Unspent budget of earlier months brought into this one (`BudgetCarryOver`).
        public let carriedOver: Int

        public init(id: CategoryID, name: String, budget: Int?, carriedOver: Int = 0) {
            self.id = id
            self.name = name
            self.budget = budget
            self.carriedOver = budget == nil ? 0 : max(0, carriedOver)
        }
    }

    /// Money spent in the month on a category (nil: not categorized yet).
    public struct Spending: Sendable {
        public let category: CategoryID?
        public let amount: Int

        public init(category: CategoryID?, amount: Int) {
            self.category = category
            self.amount = amount
        }
    }

    public struct Row: Sendable {
        public let category: CategoryID?
        public let name: String
        public let spent: Int
        /// This month's budget, what was carried over included; nil without a budget.
        public let budget: Int?
        /// The part of `budget` carried over from earlier months.
        public var carriedOver = 0
        /// Budget minus spent; negative when over budget; nil without a budget.
        public var remaining: Int? { budget.map { $0.subtractingChecked(spent) ?? ($0 < spent ? Int.min : Int.max) } }
        public var isOverBudget: Bool { budget.map { spent > $0 } ?? false }
        /// Spent as a share of the budget in whole per cent (may exceed 100); nil without a budget.
        public var percentUsed: Int? {
            guard let budget else { return nil }
            guard budget > 0 else { return spent > 0 ? 100 : 0 }
            return Int(clamping: (Double(spent) / Double(budget) * 100).rounded(), within: -1_000_000...1_000_000)
        }
    }

    public let rows: [Row]
    public var totalSpent: Int { rows.map(\.spent).saturatingSum() }
    public var totalBudget: Int { rows.compactMap(\.budget).saturatingSum() }
    /// Spent in budgeted categories only, so "remaining" compares like with like.
    public var spentInBudgeted: Int { rows.filter { $0.budget != nil }.map(\.spent).saturatingSum() }
    public var totalRemaining: Int { totalBudget.adding(saturating: spentInBudgeted == Int.min ? Int.max : -spentInBudgeted) }

    /// Every category gets a row (in the given order), plus "uncategorized" when money was spent
    /// without a category; spending on unknown categories counts as uncategorized.
    public init(categories: [Category], spending: [Spending], uncategorizedName: String) {
        let known = Set(categories.map(\.id))
        var spent: [CategoryID: Int] = [:]
        var uncategorized = 0
        for item in spending {
            if let category = item.category, known.contains(category) {
                spent[category, default: 0] = spent[category, default: 0].adding(saturating: item.amount)
            } else {
                uncategorized = uncategorized.adding(saturating: item.amount)
            }
        }
        var rows = categories.map { category in
            Row(category: category.id, name: category.name, spent: spent[category.id] ?? 0,
                budget: category.budget.map { $0.adding(saturating: category.carriedOver) }, carriedOver: category.carriedOver)
        }
        if uncategorized != 0 {
            rows.append(Row(category: nil, name: uncategorizedName, spent: uncategorized, budget: nil))
        }
        self.rows = rows
    }

    /// The largest of spent and budget over all rows: the full width of a bar chart.
    public var chartScale: Int { max(1, rows.map { max($0.spent, $0.budget ?? 0) }.max() ?? 1) }
}
