import Fluent
import Foundation

/// How often the user started a payment one way (a kind of entry, a slip photo, a template), and
/// where they put it: pinned ones first in their order, then the most used.
final class PaymentFavourite: Model, @unchecked Sendable {
    static let schema = "payment_favourites"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    /// "kind:<PaymentDraft.Kind>", "scan" or "template:<id>".
    @Field(key: "key") var key: String
    @Field(key: "uses") var uses: Int
    /// Position among the pinned ones; nil when not pinned.
    @OptionalField(key: "pinned_position") var pinnedPosition: Int?

    init() {}

    init(ownerID: UUID, key: String) {
        self.$owner.id = ownerID
        self.key = key
        self.uses = 0
    }
}
