import Fluent
import Foundation

/// A user's TOTP authenticator: its secret sealed with the server key, confirmed once the user
/// typed a first code, and the last time step used so no code works twice.
final class PaymentAuthenticator: Model, @unchecked Sendable {
    static let schema = "payment_authenticators"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "sealed_secret") var sealedSecret: String
    @OptionalField(key: "confirmed_at") var confirmedAt: Date?
    @OptionalField(key: "last_counter") var lastCounter: Int64?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(userID: UUID, sealedSecret: String) {
        self.$user.id = userID
        self.sealedSecret = sealedSecret
    }

    var isConfirmed: Bool { confirmedAt != nil }
}
