import Fluent
import ScanbookCore
import Vapor

/// Money one member gave another to settle up.
final class ListPayment: Model, @unchecked Sendable {
    static let schema = "list_payments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "list_id") var list: ShoppingList
    @Parent(key: "from_user") var from: User
    @Parent(key: "to_user") var to: User
    @Field(key: "amount") var amount: Int
    @Field(key: "currency") var currency: String
    @Field(key: "paid_on") var paidOn: String
    @Parent(key: "recorded_by") var recordedBy: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(listID: UUID, transfer: SettleUp.Transfer<UUID>, currency: String, paidOn: CalendarDate, recordedBy: UUID) {
        self.$list.id = listID
        self.$from.id = transfer.from
        self.$to.id = transfer.to
        self.amount = transfer.amount
        self.currency = currency
        self.paidOn = paidOn.description
        self.$recordedBy.id = recordedBy
    }

    var transfer: SettleUp.Transfer<UUID> { .init(from: $from.id, to: $to.id, amount: amount) }
}
