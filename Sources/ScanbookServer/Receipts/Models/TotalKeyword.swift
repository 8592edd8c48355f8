import Fluent
import Vapor

/// A phrase that marks the paid total on this user's receipts: the defaults, the user's own, and
/// those learned from corrected totals (`learned`).
final class TotalKeyword: Model, @unchecked Sendable {
    static let schema = "receipt_keywords"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "phrase") var phrase: String
    @Field(key: "weight") var weight: Int
    @Field(key: "learned") var learned: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, phrase: String, weight: Int, learned: Bool) {
        self.$owner.id = ownerID
        self.phrase = phrase
        self.weight = weight
        self.learned = learned
    }
}

extension TotalKeyword: OwnedRecord { static var ownerKey: KeyPath<TotalKeyword, ParentProperty<TotalKeyword, User>> { \.$owner } }
