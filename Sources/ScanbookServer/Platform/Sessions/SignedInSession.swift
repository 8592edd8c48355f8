import Fluent
import Foundation
import Vapor

/// A signed-in browser. Only the SHA-256 of the cookie's secret is stored (a copy of the database
/// holds no working session), with its owner, so that a password change can end the owner's other
/// sessions, and its start and last use, which end it after `sessionMaximumAge` or
/// `sessionIdleTimeout`. Anonymous visitors have no row: nothing is stored for a request nobody
/// signed in to.
final class SignedInSession: Model, @unchecked Sendable {
    static let schema = "signed_in_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "user_id") var user: User
    /// The session's data (CSRF token, flash messages) as a JSON object of strings.
    @Field(key: "data") var data: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "last_seen_at") var lastSeenAt: Date

    init() {}

    init(tokenHash: String, userID: UUID, data: String, now: Date) {
        self.tokenHash = tokenHash
        self.$user.id = userID
        self.data = data
        self.createdAt = now
        self.lastSeenAt = now
    }
}
