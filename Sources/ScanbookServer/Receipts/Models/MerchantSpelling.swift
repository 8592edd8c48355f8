import Fluent
import Vapor

/// How OCR spelled a merchant that the user then corrected: the next receipt read with that
/// spelling goes to the merchant the user chose ("TESC0 STORE5" → "Tesco").
final class MerchantSpelling: Model, @unchecked Sendable {
    static let schema = "merchant_spellings"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    /// `MerchantGuess.normalizedKey` of the name as read.
    @Field(key: "spelling") var spelling: String
    @Parent(key: "merchant_id") var merchant: Merchant

    init() {}

    init(ownerID: UUID, spelling: String, merchantID: UUID) {
        self.$owner.id = ownerID
        self.spelling = spelling
        self.$merchant.id = merchantID
    }
}
