import Fluent
import Vapor

/// One member's part of an expense, and the value they were given (shares, amount or percentage as
/// typed, for showing the split again).
final class ExpenseShare: Model, @unchecked Sendable {
    static let schema = "list_expense_shares"

    @ID(key: .id) var id: UUID?
    @Parent(key: "expense_id") var expense: ListExpense
    /// The expense's list, repeated so balances sum one list's parts without a join.
    @Field(key: "list_id") var listID: UUID
    @Parent(key: "user_id") var user: User
    @Field(key: "amount") var amount: Int
    @OptionalField(key: "value") var value: String?
    /// The order the parts were given in (the list's member order on the page).
    @Field(key: "position") var position: Int

    init() {}

    init(expenseID: UUID, listID: UUID, position: Int, userID: UUID, amount: Int, value: String?) {
        self.$expense.id = expenseID
        self.listID = listID
        self.position = position
        self.$user.id = userID
        self.amount = amount
        self.value = value
    }
}
