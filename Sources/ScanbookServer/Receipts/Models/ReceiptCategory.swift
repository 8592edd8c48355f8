import Fluent
import Vapor

/// A spending category of one user, with an optional monthly budget in hundredths.
final class ReceiptCategory: Model, @unchecked Sendable {
    static let schema = "receipt_categories"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "name") var name: String
    @OptionalField(key: "monthly_budget_hundredths") var monthlyBudget: Int?
    /// The month ("2026-11") from which unspent budget carries over to the next; nil: it does not.
    @OptionalField(key: "carry_over_since") var carryOverSince: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, name: String, monthlyBudget: Int? = nil) {
        self.$owner.id = ownerID
        self.name = name
        self.monthlyBudget = monthlyBudget
    }
}

extension ReceiptCategory: OwnedRecord { static var ownerKey: KeyPath<ReceiptCategory, ParentProperty<ReceiptCategory, User>> { \.$owner } }
