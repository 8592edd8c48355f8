import Foundation
import ScanbookCore
import Vapor

struct ExpenseDTO: Content {
    struct Part: Content {
        let member: UUID
        let amount: String
        let value: String?
    }

    let id: UUID
    let description: String
    /// Decimal string with two decimals.
    let amount: String
    let currency: String
    let paidBy: UUID
    let date: String
    let split: String
    let parts: [Part]
    let receipt: UUID?
    let addedBy: UUID
    /// Paid in another currency: what was paid, in what, and the rate (one unit in `currency`).
    let originalAmount: String?
    let originalCurrency: String?
    let rate: String?
    /// When several paid: who paid what, in the list's currency, adding up to `amount`.
    let payers: [Payer]?

    struct Payer: Content {
        let member: UUID
        let amount: String
    }

    init(_ expense: ListExpense) throws {
        id = try expense.requireID()
        description = expense.description
        amount = Amount(hundredths: expense.amount).description
        currency = expense.currency
        paidBy = expense.$paidBy.id
        date = expense.spentOn
        split = expense.split.rawValue
        parts = expense.parts.map { Part(member: $0.$user.id, amount: Amount(hundredths: $0.amount).description, value: $0.value) }
        receipt = expense.$receipt.id
        addedBy = expense.$addedBy.id
        originalAmount = expense.originalAmount.map { Amount(hundredths: $0).description }
        originalCurrency = expense.originalCurrency
        rate = expense.rateMillionths.flatMap(ExchangeRate.init(millionths:))?.description
        let payerRows = (expense.$payers.value ?? []).sorted { $0.position < $1.position }
        payers = payerRows.isEmpty ? nil : payerRows.map { Payer(member: $0.$user.id, amount: Amount(hundredths: $0.amount).description) }
    }
}

struct BalancesDTO: Content {
    struct Balance: Content {
        let member: UUID
        let name: String
        /// Positive: the others owe them. Decimal string with two decimals.
        let balance: String
        let isMember: Bool
    }

    struct Transfer: Content {
        let from: UUID
        let to: UUID
        let amount: String
    }

    let currency: String
    let balances: [Balance]
    /// The fewest payments that settle every balance.
    let plan: [Transfer]
}

struct ListPaymentDTO: Content {
    let id: UUID
    let from: UUID
    let to: UUID
    let amount: String
    let currency: String
    let date: String

    init(_ payment: ListPayment) throws {
        id = try payment.requireID()
        from = payment.$from.id
        to = payment.$to.id
        amount = Amount(hundredths: payment.amount).description
        currency = payment.currency
        date = payment.paidOn
    }
}

struct RecurringExpenseDTO: Content {
    let id: UUID
    let description: String
    /// "950.00", in the list's currency.
    let amount: String
    let paidBy: UUID
    /// Absent: everyone on the list when each occurrence is made.
    let members: [UUID]?
    let frequency: String
    let startsOn: String
    let endsOn: String?

    init(_ recurring: RecurringExpense) throws {
        id = try recurring.requireID()
        description = recurring.description
        amount = Amount(hundredths: recurring.amount).description
        paidBy = recurring.$paidBy.id
        members = recurring.memberIDs
        frequency = recurring.frequency.rawValue
        startsOn = recurring.startsOn
        endsOn = recurring.endsOn
    }
}
