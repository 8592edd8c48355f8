import Foundation

struct ExpensePageView: Encodable {
    struct Balance: Encodable {
        let name: String
        /// Signed, two decimals: "+12.50", "-3.00", "0.00".
        let amount: String
        let owes: Bool
        let isMe: Bool
        let former: Bool
    }

    struct Transfer: Encodable {
        let from: String
        let to: String
        let fromName: String
        let toName: String
        /// As shown ("12,50" on German pages).
        let amount: String
        /// As the "Paid" form sends it back ("12.50").
        let value: String
        let canConfirm: Bool
    }

    struct Participant: Encodable {
        let id: String
        let name: String
        let value: String
        let checked: Bool
    }

    struct Expense: Encodable {
        let description: String
        let date: String
        let amount: String
        let payer: String
        let parts: String
        let split: String
        /// Whether I may edit or delete it.
        let canDelete: Bool
        let editURL: String
        let deleteURL: String
        /// The receipt it was made from, for the one who shared it (the others cannot open it).
        let receiptURL: String
        /// "EUR 45.50 at 0.9412", or empty.
        let converted: String
    }

    struct Payment: Encodable {
        let date: String
        let fromName: String
        let toName: String
        let amount: String
    }

    struct Filter: Encodable {
        let members: [SelectOption]
        let from: String
        let to: String
        let q: String
        let active: Bool
    }

    struct Links: Encodable {
        let list: String
        let page: String
        let payments: String
        let live: String
    }

    let name: String
    let isPrivate: Bool
    let currency: String
    let balances: [Balance]
    let plan: [Transfer]
    let settled: Bool
    let payers: [SelectOption]
    /// "Several paid": an amount field per member.
    let payerFields: [Participant]
    let severalPaid: Bool
    let participants: [Participant]
    let splits: [SelectOption]
    let form: Form
    let history: [Expense]
    /// Says that older expenses are not shown; empty when all are.
    let historyNote: String
    let payments: [Payment]
    let filter: Filter
    let links: Links
    let errors: [String]
    let recurring: [Recurring]
    let recurringForm: RecurringForm

    /// A recurring expense and when it comes next.
    struct Recurring: Encodable {
        let description: String
        let amount: String
        let schedule: String
        let payer: String
        let stopURL: String
        let canStop: Bool
    }

    struct RecurringForm: Encodable {
        let action: String
        let description: String
        let amount: String
        let startsOn: String
        let endsOn: String
        let frequencies: [SelectOption]
    }

    /// What the add form shows again after a refused submission, or the expense being edited.
    struct Form: Encodable {
        let description: String
        let amount: String
        let currency: String
        let rate: String
        let date: String
        let action: String
        let editing: Bool
    }
}
