import Fluent
import Foundation

/// One counted event (a failed login, a registration) in a scope, under a key such as an e-mail
/// address or a client address. Kept in the database so every instance sharing it counts alike;
/// purged once older than any window that reads it.
final class RateEvent: Model, @unchecked Sendable {
    static let schema = "rate_events"

    enum Scope: String, Codable, Sendable {
        /// Failed logins on one account from one client address; key "<email> <address>".
        case loginAccountFromAddress = "login.account-address"
        /// Failed logins from one client address, any account.
        case loginAddress = "login.address"
        /// Failed logins on one account, from anywhere.
        case loginAccount = "login.account"
        /// Accounts created from one client address.
        case registration = "register.address"
        /// Wrong second-factor codes of one user; key the user id (before issue 40).
        case secondFactor = "payments.code"
        /// Second-factor codes checked for one user, on one target (a payment, the enrolment, the
        /// whitelist), from one client address; key "<user> <target> <address>".
        case secondFactorTarget = "payments.code.target"
        /// Password reset mails asked for one e-mail address, whether or not it has an account.
        case passwordResetAccount = "reset.account"
        /// Password reset mails asked for from one client address.
        case passwordResetAddress = "reset.address"
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "scope") var scope: Scope
    @Field(key: "key") var key: String
    @Field(key: "at") var at: Date

    init() {}

    init(scope: Scope, key: String, at: Date) {
        self.scope = scope
        // Keys are addresses and e-mail addresses; anything longer is cut, never refused.
        self.key = String(key.prefix(300))
        self.at = at
    }
}
