import Fluent
import Foundation

/// A reminder that a receipt's warranty ends soon, made once per receipt and end date: the unique
/// index on both is what keeps two instances sweeping at once from reminding twice. It shows in
/// the app until the warranty ends; `mailedAt` records the mail when one went out.
final class WarrantyReminder: Model, @unchecked Sendable {
    static let schema = "warranty_reminders"

    @ID(key: .id) var id: UUID?
    @Parent(key: "receipt_id") var receipt: Receipt
    @Parent(key: "owner_id") var owner: User
    /// The end date reminded of (ISO); a changed date is reminded of again.
    @Field(key: "warranty_until") var warrantyUntil: String
    @Field(key: "reminded_at") var remindedAt: Date
    @OptionalField(key: "mailed_at") var mailedAt: Date?

    init() {}

    init(receiptID: UUID, ownerID: UUID, warrantyUntil: String, remindedAt: Date) {
        self.$receipt.id = receiptID
        self.$owner.id = ownerID
        self.warrantyUntil = warrantyUntil
        self.remindedAt = remindedAt
    }
}
