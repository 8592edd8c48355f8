import Fluent
import Foundation

/// One of several people who paid an expense, and how much (hundredths of the list's currency).
/// An expense paid by one person has none: its `paidBy` paid it all. Rows add up to the amount.
final class ExpensePayer: Model, @unchecked Sendable {
    static let schema = "expense_payers"

    @ID(key: .id) var id: UUID?
    @Parent(key: "expense_id") var expense: ListExpense
    /// The list, so balances sum per list without a join.
    @Field(key: "list_id") var listID: UUID
    @Parent(key: "user_id") var user: User
    @Field(key: "amount") var amount: Int
    @Field(key: "position") var position: Int

    init() {}

    init(expenseID: UUID, listID: UUID, userID: UUID, amount: Int, position: Int) {
        self.$expense.id = expenseID
        self.listID = listID
        self.$user.id = userID
        self.amount = amount
        self.position = position
    }
}
