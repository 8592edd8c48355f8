import Foundation
import ScanbookCore
import Vapor

/// The API's view of a receipt. `total` is a decimal string with the receipt's own decimals.
struct ReceiptDTO: Content {
    struct Booking: Content {
        let category: UUID
        let amount: String
    }

    struct Item: Content {
        let name: String
        let quantity: String?
        let unitPrice: String?
        let amount: String
    }

    let id: UUID
    let state: Receipt.State
    let total: String?
    let currency: String?
    let date: String?
    let merchant: String?
    let note: String?
    let warrantyUntil: String?
    /// In another currency: the rate recorded for the budget (one unit in the home currency).
    let rate: String?
    let confidence: Double?
    /// The total model's second choice while the total is unsure (state `review`).
    let runnerUp: String?
    let captureID: UUID?
    let imageURL: String?
    let bookings: [Booking]
    let ocrText: String?
    /// The items read off the receipt (one receipt's answer only, not lists').
    let items: [Item]?
    /// The items add up to the sub-total or total; nil when none were read.
    let itemsAddUp: Bool?
    let createdAt: Date?
    let updatedAt: Date?

    init(_ receipt: Receipt) throws {
        id = try receipt.requireID()
        state = receipt.state
        total = receipt.total?.description
        currency = receipt.currency
        date = receipt.purchasedOn
        merchant = receipt.merchant?.name
        note = receipt.note
        warrantyUntil = receipt.warrantyUntil
        rate = receipt.rateMillionths.flatMap(ExchangeRate.init(millionths:))?.description
        confidence = receipt.confidence
        runnerUp = receipt.unsureTotal ? receipt.runnerUpHundredths.map { Amount(hundredths: $0).description } : nil
        captureID = receipt.$capture.id
        imageURL = receipt.$image.id.map { SiteURL.blob(id: $0).path }
        bookings = (receipt.$allocations.value ?? []).map {
            Booking(category: $0.$category.id, amount: Amount(hundredths: $0.amountHundredths).description)
        }
        ocrText = receipt.ocrText
        items = receipt.$items.value.map { rows in
            rows.sorted { $0.position < $1.position }.map { row in
                Item(name: row.name, quantity: row.quantity, unitPrice: row.unitPriceHundredths.map { Amount(hundredths: $0).description },
                     amount: Amount(hundredths: row.amountHundredths).description)
            }
        }
        itemsAddUp = receipt.itemsAddUp
        createdAt = receipt.createdAt
        updatedAt = receipt.updatedAt
    }
}

struct ReceiptCategoryDTO: Content {
    let id: UUID
    let name: String
    /// Monthly budget as a decimal string, or null.
    let monthlyBudget: String?
    /// The month unspent budget carries over from ("2026-11"); absent when it does not.
    let carryOverSince: String?

    init(_ category: ReceiptCategory) throws {
        id = try category.requireID()
        name = category.name
        monthlyBudget = category.monthlyBudget.map { Amount(hundredths: $0).description }
        carryOverSince = category.carryOverSince
    }
}

struct TotalKeywordDTO: Content {
    let id: UUID
    let phrase: String
    let weight: Int
    let learned: Bool

    init(_ keyword: TotalKeyword) throws {
        id = try keyword.requireID()
        phrase = keyword.phrase
        weight = keyword.weight
        learned = keyword.learned
    }
}

/// A month's spending against budgets; amounts as decimal strings.
struct BudgetMonthDTO: Content {
    struct Row: Content {
        let category: UUID?
        let name: String
        let spent: String
        let budget: String?
        let remaining: String?
        let overBudget: Bool
        /// The part of `budget` carried over from earlier months.
        let carriedOver: String
    }

    let month: String
    let currency: String
    let rows: [Row]
    let totalSpent: String
    let totalBudget: String
    let totalRemaining: String
    /// Receipts of the month in other currencies without a rate: not in the figures above, summed apart.
    let otherCurrencies: [OtherCurrency]
    /// Receipts in other currencies counted in the figures at a rate.
    let conversions: [Conversion]

    struct Conversion: Content {
        let receipt: UUID?
        let currency: String
        let amount: String
        let rate: String
        let converted: String
    }

    struct OtherCurrency: Content {
        let currency: String
        let total: String
        let receipts: Int
    }

    init(month: YearMonth, currency: String, summary: BudgetSummary<UUID>, otherCurrencies: [CurrencyTotal], conversions: [BudgetService.Conversion]) {
        func text(_ value: Int) -> String { Amount(hundredths: value).description }
        self.month = month.description
        self.currency = currency
        rows = summary.rows.map {
            Row(category: $0.category, name: $0.name, spent: text($0.spent), budget: $0.budget.map(text),
                remaining: $0.remaining.map(text), overBudget: $0.isOverBudget, carriedOver: text($0.carriedOver))
        }
        totalSpent = text(summary.totalSpent)
        totalBudget = text(summary.totalBudget)
        totalRemaining = text(summary.totalRemaining)
        self.otherCurrencies = otherCurrencies.map { OtherCurrency(currency: $0.currency, total: text($0.hundredths), receipts: $0.receipts) }
        self.conversions = conversions.map {
            Conversion(receipt: $0.receipt.id, currency: $0.currency, amount: text($0.original), rate: $0.rate.description, converted: text($0.converted))
        }
    }
}

/// `PUT /receipts/{id}/split`: `{"parts": [{"category": "…", "amount": "7.00"}, …]}`
struct ReceiptSplitRequest: Content {
    struct Part: Content {
        let category: String
        let amount: String
    }

    let parts: [Part]

    var form: ReceiptSplitForm {
        ReceiptSplitForm(categories: parts.map(\.category), amounts: parts.map(\.amount))
    }
}
