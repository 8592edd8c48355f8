import Fluent
import Foundation

/// A change a client sent with an `Idempotency-Key`: the web app's offline queue sends each queued
/// action with one, and a native client may. Kept so that the same change sent again (an answer lost
/// on a bad connection, a queue replayed twice) is answered as before instead of made twice.
final class OfflineAction: Model, @unchecked Sendable {
    static let schema = "offline_actions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The client's key, unique per user.
    @Field(key: "key") var key: String
    /// nil while the first request is being handled; then its status.
    @OptionalField(key: "status") var status: Int?
    /// Where the first answer redirected to, if it did.
    @OptionalField(key: "location") var location: String?
    /// The first answer's body and its type, when small enough to keep (an API's JSON, a short page).
    @OptionalField(key: "body") var body: Data?
    @OptionalField(key: "content_type") var contentType: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, key: String, createdAt: Date) {
        self.$user.id = userID
        self.key = key
        self.createdAt = createdAt
    }
}
