import Fluent
import Vapor

/// One failed login, kept in the database so that every server instance sharing it throttles alike.
final class LoginFailure: Model, @unchecked Sendable {
    static let schema = "login_failures"

    @ID(key: .id) var id: UUID?
    @Field(key: "email") var email: String
    @Field(key: "failed_at") var failedAt: Date

    init() {}

    init(email: String, failedAt: Date) {
        self.email = email
        self.failedAt = failedAt
    }
}
