import Foundation
import ScanbookCore
import Vapor

/// A new expense, from the page or the API. Missing fields take defaults: paid by me, today, split
/// equally among all current members.
struct ExpenseInput: Content {
    struct Part: Content {
        var member: UUID
        /// Shares ("2"), an amount ("7.50") or a percentage ("33.34"), by `split`; nothing for equal.
        var value: String?
    }

    var description: String?
    /// Typed: "12.50", "12,50", "CHF 12.50".
    var amount: String?
    var paidBy: UUID?
    /// ISO ("2026-11-20") or day-first ("20.11.2026").
    var date: String?
    /// equal (default), shares, exact, percent.
    var split: String?
    /// API: who takes part, in order.
    var parts: [Part]?
    /// Page: `member[<uuid>]` checked for each member taking part, `share[<uuid>]` their value.
    var member: [String: String]?
    var share: [String: String]?
    /// Page: "1" when the form lists the members, so none checked (no `member` fields sent at all)
    /// is a mistake rather than "everyone".
    var choosing: String?
    /// Turns one of my receipts into the expense: its merchant, total and date are the defaults.
    var receipt: UUID?
    /// Paid in another currency than the list's: `amount` is in it, and is converted at `rate`
    /// ("0.9412": one unit of it in the list's currency) or, without one, the rate table's.
    var currency: String?
    var rate: String?
    /// API: several payers and what each paid (in `currency` when given), adding up to `amount`;
    /// `paidBy` is then left out.
    var payers: [Payer]?
    /// Page: `payer[<uuid>]` what each paid, when several did; empty fields are not payers.
    var payer: [String: String]?

    struct Payer: Content {
        var member: UUID
        var amount: String
    }
}

/// A payment made to settle up; `from` or `to` must be the one recording it (or the list's owner).
struct ListPaymentInput: Content {
    var from: UUID?
    var to: UUID?
    var amount: String?
    var date: String?
}

/// `?member=<uuid>&from=2026-01-01&to=2026-12-31&q=text` for the purchase history.
struct ExpenseFilter: Content {
    var member: UUID?
    var from: String?
    var to: String?
    var q: String?
}

/// The receipt page's "share on a list" form.
struct ReceiptExpenseForm: Content {
    var list: UUID?
    var receipt: UUID?
}

extension ExpenseInput {
    /// An edit: what the input leaves out keeps the expense's value. The parts stay as they were
    /// unless the input names members (or changes how the expense is split).
    func completed(by expense: ListExpense) -> ExpenseInput {
        var input = self
        input.description = description ?? expense.description
        // An expense paid in another currency is edited in that currency, at its rate.
        let keepsCurrency = amount == nil && currency == nil
        input.amount = amount ?? Amount(hundredths: keepsCurrency ? expense.originalAmount ?? expense.amount : expense.amount).description
        if keepsCurrency, let original = expense.originalCurrency {
            input.currency = original
            input.rate = rate ?? expense.rateMillionths.flatMap(ExchangeRate.init(millionths:))?.description
        }
        input.paidBy = paidBy ?? expense.$paidBy.id
        input.date = date ?? expense.spentOn
        input.split = split ?? expense.split.rawValue
        input.receipt = nil
        // Several payers stay unless the edit names payers or a payer, or changes the amount.
        let payerRows = (expense.$payers.value ?? []).sorted { $0.position < $1.position }
        if payers == nil, payer == nil, paidBy == nil, amount == nil, expense.originalCurrency == nil, !payerRows.isEmpty {
            input.payers = payerRows.map { Payer(member: $0.$user.id, amount: Amount(hundredths: $0.amount).description) }
        }
        let keepsParts = parts == nil && member == nil && choosing != "1" && input.split == expense.split.rawValue
        if keepsParts { input.parts = expense.parts.map { Part(member: $0.$user.id, value: $0.value) } }
        return input
    }

    /// The edit form filled with the expense as it is.
    init(editing expense: ListExpense) {
        let parts = expense.parts
        self.init(
            description: expense.description, amount: Amount(hundredths: expense.originalAmount ?? expense.amount).description, paidBy: expense.$paidBy.id,
            date: expense.spentOn, split: expense.split.rawValue, parts: nil,
            member: Dictionary(parts.map { ($0.$user.id.uuidString, "1") }, uniquingKeysWith: { first, _ in first }),
            share: Dictionary(parts.map { ($0.$user.id.uuidString, $0.value ?? "") }, uniquingKeysWith: { first, _ in first }),
            choosing: "1", receipt: nil, currency: expense.originalCurrency,
            rate: expense.rateMillionths.flatMap(ExchangeRate.init(millionths:))?.description,
            // Several payers are shown again in the list's currency (what they paid in another is not kept).
            payer: expense.originalCurrency == nil && !(expense.$payers.value ?? []).isEmpty
                ? Dictionary((expense.$payers.value ?? []).map { ($0.$user.id.uuidString, Amount(hundredths: $0.amount).description) }, uniquingKeysWith: { first, _ in first })
                : nil
        )
    }
}

/// A recurring expense: the same amount every week, month or year from `startsOn` (until
/// `endsOn`), paid by one member and shared equally among `members` (everyone when left out).
struct RecurringExpenseInput: Content {
    var description: String?
    var amount: String?
    var paidBy: UUID?
    var members: [UUID]?
    /// weekly, monthly, yearly.
    var frequency: String?
    var startsOn: String?
    var endsOn: String?
}
