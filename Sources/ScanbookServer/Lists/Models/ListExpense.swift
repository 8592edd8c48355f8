import Fluent
import ScanbookCore
import Vapor

/// Something one member paid for the others on a shared list. The amount is in hundredths of the
/// list's currency; how it is divided is in its `ExpenseShare` rows, which always add up to it.
/// Payer and shares keep their user ids when someone leaves, so balances and history stay whole.
final class ListExpense: Model, @unchecked Sendable {
    static let schema = "list_expenses"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Field(key: "description") var description: String
    @Field(key: "amount") var amount: Int
    @Field(key: "currency") var currency: String
    @Parent(key: "paid_by") var paidBy: User
    /// ISO date ("2026-11-20").
    @Field(key: "spent_on") var spentOn: String
    @Field(key: "split") var split: ExpenseSplit<UUID>.Mode
    @OptionalParent(key: "receipt_id") var receipt: Receipt?
    @Parent(key: "added_by") var addedBy: User
    /// Made by a recurring expense, for the date `occurrence` (ISO).
    @OptionalField(key: "recurrence_id") var recurrenceID: UUID?
    @OptionalField(key: "occurrence") var occurrence: String?
    /// Paid in another currency: what was paid (hundredths of `originalCurrency`) and the rate
    /// used to get `amount`, in millionths of the list's currency per unit.
    @OptionalField(key: "original_amount") var originalAmount: Int?
    @OptionalField(key: "original_currency") var originalCurrency: String?
    @OptionalField(key: "rate_millionths") var rateMillionths: Int?
    @Children(for: \.$expense) var shares: [ExpenseShare]
    /// Several payers, when more than one paid; empty: `paidBy` paid it all.
    @Children(for: \.$expense) var payers: [ExpensePayer]
    /// The loaded shares in the order they were given.
    var parts: [ExpenseShare] { shares.sorted { $0.position < $1.position } }
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(listID: UUID, description: String, amount: Int, currency: String, paidBy: UUID, spentOn: CalendarDate, split: ExpenseSplit<UUID>.Mode, addedBy: UUID) {
        self.$list.id = listID
        self.description = description
        self.amount = amount
        self.currency = currency
        self.$paidBy.id = paidBy
        self.spentOn = spentOn.description
        self.split = split
        self.$addedBy.id = addedBy
    }
}
