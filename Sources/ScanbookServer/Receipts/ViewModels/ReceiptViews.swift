import Foundation

/// View models of `Resources/Views/Receipts/*.leaf`.
struct ReceiptRow: Encodable {
    let url: String
    let date: String
    let merchant: String
    let total: String
    let categories: String
    let state: String
    let stateLabel: String
}

struct MonthNavigation: Encodable {
    let month: String
    let label: String
    /// nil at the ends of the supported years (1900-01, 2199-12).
    let previousURL: String?
    let nextURL: String?
}

struct ReceiptsLinks: Encodable {
    let list: String
    let budget: String
    let categories: String
    let warranties: String
    let export: String
    let keywords: String
}

struct ReceiptListView: Encodable {
    let month: MonthNavigation
    let links: ReceiptsLinks
    /// The month field and the months that have receipts, each a tap away.
    let picker: ReceiptMonthPicker
    let search: ReceiptSearchForm
    /// Matches of an active search (`rows` then holds them, from every month).
    let results: ReceiptSearchResults?
    let searching: Bool
    /// A month or search that could not be read, shown above the list.
    let searchErrors: [String]
    let toCheck: [ReceiptRow]
    let rows: [ReceiptRow]
    let monthTotal: String
    let uploadAction: String
    let manualAction: String
    let maxUpload: String
    /// "The warranty of … ends on …", for reminders sent and not yet past.
    let warrantyReminders: [ReceiptsLink]
    var errors: [String] = []
}

/// A line of text that opens a receipt.
struct ReceiptsLink: Encodable {
    let text: String
    let url: String
}


struct ReceiptShowView: Encodable {
    struct Form: Encodable {
        let total: String
        let currency: String
        let date: String
        let merchant: String
        let note: String
        let warrantyUntil: String
        /// In another currency than the home one: the rate recorded, and the home currency's code
        /// (empty when the receipt is in it).
        let rate: String
        let home: String
    }

    struct SplitRow: Encodable {
        let categories: [SelectOption]
        let amount: String
    }

    struct ItemRow: Encodable {
        let name: String
        /// "2 × 0.89", or empty.
        let quantity: String
        let amount: String
    }

    let state: String
    let stateLabel: String
    let pending: Bool
    let imageURL: String?
    let photoURL: String?
    let confidence: Int?
    /// The photo showed no currency: the form offers the home one and says to check it.
    let currencyUnread: Bool
    /// The total was read with little confidence (`ReceiptExtractor.checkConfidence`): check it first.
    let totalUnsure: Bool
    /// The total model's second choice, offered with an unsure total.
    let runnerUp: String?
    let readTotal: String?
    let form: Form
    let categories: [SelectOption]
    let split: [SplitRow]
    let isSplit: Bool
    let merchants: [String]
    /// The items read, and a line on whether they add up.
    let items: [ItemRow]
    let itemsNote: String?
    let ocrText: String
    let updateURL: String
    let splitURL: String
    let deleteURL: String
    let links: ReceiptsLinks
    /// What other modules offer on this receipt (Lists: share it on a list).
    let actions: [RecordAction]
    var errors: [String] = []
}

struct BudgetView: Encodable {
    struct Row: Encodable {
        let name: String
        let spent: String
        let budget: String
        let remaining: String
        let percent: String
        let over: Bool
        /// "incl. 70.00 carried over", or empty.
        let carried: String
    }

    /// Bar chart geometry in SVG user units, computed here so the template only draws.
    struct Bar: Encodable {
        /// The name as drawn above the bar, shortened to fit a phone; `name` in full for its title.
        let label: String
        var name: String = ""
        let y: Int
        let textY: Int
        let spentWidth: Int
        let budgetX: Int?
        let over: Bool
        let value: String
        var markerTop: Int { y - 3 }
        var markerBottom: Int { y + BudgetWebController.barHeight + 3 }

        enum CodingKeys: String, CodingKey { case label, name, y, textY, spentWidth, budgetX, over, value, markerTop, markerBottom }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(name.isEmpty ? label : name, forKey: .name)
            try container.encode(y, forKey: .y)
            try container.encode(textY, forKey: .textY)
            try container.encode(spentWidth, forKey: .spentWidth)
            try container.encodeIfPresent(budgetX, forKey: .budgetX)
            try container.encode(over, forKey: .over)
            try container.encode(value, forKey: .value)
            try container.encode(markerTop, forKey: .markerTop)
            try container.encode(markerBottom, forKey: .markerBottom)
        }
    }

    let month: MonthNavigation
    let links: ReceiptsLinks
    let currency: String
    let rows: [Row]
    let totalSpent: String
    var totalBudget: String
    var totalRemaining: String
    /// Spent in the categories that have a budget, and its share of the budget: the row whose
    /// columns subtract. Shown apart from `totalSpent` only when money went outside budgets.
    var spentInBudgets = ""
    var budgetPercent = ""
    var outsideBudgets = false
    let bars: [Bar]
    let chartHeight: Int
    let barX: Int
    let barHeight: Int
    /// The money axis under the bars: its line's y and width, its ticks' labels (x in the plot).
    var axisY: Int = 0
    var axisWidth: Int = 0
    var ticks: [AxisChart.Label] = []
    /// "14.10 MYR (1 receipt) · 20.00 EUR (2 receipts)": spent in other currencies, not in the
    /// budget; nil when there is none.
    let otherCurrencies: String?
    /// Receipts in other currencies counted at a rate, each saying which rate.
    let conversions: [ReceiptsLink]
}

struct CategoriesView: Encodable {
    struct Row: Encodable {
        let id: String
        let name: String
        let budget: String
        let carriesOver: Bool
        /// "3 receipts", "1 receipt".
        let bookings: String
        let updateURL: String
        let deleteURL: String
        let targets: [SelectOption]
    }

    let links: ReceiptsLinks
    let rows: [Row]
    let createURL: String
    var errors: [String] = []
}

struct WarrantiesView: Encodable {
    struct Row: Encodable {
        let url: String
        let merchant: String
        let purchased: String
        let until: String
        let expired: Bool
    }

    let links: ReceiptsLinks
    let rows: [Row]
}

struct KeywordsView: Encodable {
    struct Row: Encodable {
        let phrase: String
        let weight: Int
        let learned: Bool
        let deleteURL: String
    }

    let links: ReceiptsLinks
    let rows: [Row]
    let createURL: String
    var errors: [String] = []
}
