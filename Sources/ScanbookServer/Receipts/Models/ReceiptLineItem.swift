import Fluent
import Foundation
import ScanbookCore

/// One item read off a receipt (`ReceiptExtractor.items`), in the receipt's order: what a later
/// split among a list's members uses.
final class ReceiptLineItem: Model, @unchecked Sendable {
    static let schema = "receipt_items"

    @ID(key: .id) var id: UUID?
    @Parent(key: "receipt_id") var receipt: Receipt
    @Field(key: "position") var position: Int
    @Field(key: "name") var name: String
    @OptionalField(key: "quantity") var quantity: String?
    @OptionalField(key: "unit_price_hundredths") var unitPriceHundredths: Int?
    @Field(key: "amount_hundredths") var amountHundredths: Int

    init() {}

    init(receiptID: UUID, position: Int, item: ReceiptItem) {
        self.$receipt.id = receiptID
        self.position = position
        name = String(item.name.prefix(Self.maximumNameLength))
        quantity = item.quantity.map { String($0.prefix(16)) }
        unitPriceHundredths = item.unitPrice?.hundredths
        amountHundredths = item.amount.hundredths
    }

    static let maximumNameLength = 120
}
