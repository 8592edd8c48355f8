import Fluent
import Foundation

/// A pending "forgot password" link. Only the SHA-256 of the link's secret is stored, so the
/// database alone opens no account; the row goes when the link is used or a newer one is made.
final class PasswordReset: Model, @unchecked Sendable {
    static let schema = "password_resets"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(userID: UUID, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
