import Fluent
import Vapor

/// A bearer token for the JSON API. Only the SHA-256 of the secret is stored: a leaked database
/// does not leak working tokens.
final class APIToken: Model, @unchecked Sendable {
    static let schema = "api_tokens"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Field(key: "token_hash") var tokenHash: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    init(userID: UUID, name: String, tokenHash: String) {
        self.$user.id = userID
        self.name = name
        self.tokenHash = tokenHash
    }
}
