import Fluent
import Vapor

/// One of the user's own bank accounts, which payments are debited from.
final class PaymentAccount: Model, @unchecked Sendable {
    static let schema = "payment_accounts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    /// Electronic form, checked (`IBAN`).
    @Field(key: "iban") var iban: String
    @Field(key: "currency") var currency: String
    /// The account a new payment starts from.
    @Field(key: "is_default") var isDefault: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, name: String, iban: String, currency: String, isDefault: Bool) {
        self.$owner.id = ownerID
        self.name = name
        self.iban = iban
        self.currency = currency
        self.isDefault = isDefault
    }
}

extension PaymentAccount: OwnedRecord { static var ownerKey: KeyPath<PaymentAccount, ParentProperty<PaymentAccount, User>> { \.$owner } }
