import Fluent
import Vapor

/// The part of a receipt's total booked on one category (one row, or several for a split).
/// Amounts are hundredths so budgets add up regardless of how a receipt printed its decimals.
final class ReceiptAllocation: Model, @unchecked Sendable {
    static let schema = "receipt_allocations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "receipt_id") var receipt: Receipt
    @Parent(key: "category_id") var category: ReceiptCategory
    @Field(key: "amount_hundredths") var amountHundredths: Int

    init() {}

    init(receiptID: UUID, categoryID: UUID, amountHundredths: Int) {
        self.$receipt.id = receiptID
        self.$category.id = categoryID
        self.amountHundredths = amountHundredths
    }
}
