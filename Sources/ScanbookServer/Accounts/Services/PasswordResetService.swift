import Crypto
import Fluent
import Foundation
import ScanbookCore
import Vapor

/// "Forgot password": a random link secret mailed to the account's address, valid for an hour and
/// once; only its SHA-256 is stored. Asking is limited per address and per client, counted whether
/// or not the address has an account, so the limits reveal nothing either.
struct PasswordResetService {
    let accounts: AccountService
    let now: Date

    static let lifetime: TimeInterval = 3_600
    static let perAddressPerHour = 3
    static let perClientPerHour = 10

    private var database: any Database { accounts.database }

    /// Counts the request, then makes a link for the account with that address (replacing any
    /// older link); nil when no account has it.
    func request(email rawEmail: String, client: String) async throws -> (user: User, secret: String)? {
        let address = (try? EmailAddress(rawEmail).value) ?? String(rawEmail.trimmingWhitespace().lowercased().prefix(254))
        let limiter = RateLimiter(database: database)
        let since = now.addingTimeInterval(-3_600)
        // Checked and counted in one step (see `RateLimiter.reserve`), so a burst cannot pass the limits.
        let scopes: [(RateEvent.Scope, String)] = [(.passwordResetAccount, address), (.passwordResetAddress, client)]
        let now = self.now
        _ = try await limiter.reserve(scopes, at: now, locks: scopes.map { "\($0.0.rawValue) \($0.1)" }) { limiter in
            for (scope, key, limit) in [(RateEvent.Scope.passwordResetAccount, address, Self.perAddressPerHour), (.passwordResetAddress, client, Self.perClientPerHour)] {
                let times = try await limiter.times(scope, key, since: since)
                if times.count >= limit {
                    let retryAfter = max(1, (times.min() ?? since.timeIntervalSince1970) + 3_600 - now.timeIntervalSince1970)
                    throw AccountService.throttled(retryAfter: retryAfter.rounded(.up), key: "reset_throttled")
                }
            }
        }

        guard let user = try await User.query(on: database).filter(\.$email == address).first() else { return nil }
        let secret = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
        let userID = try user.requireID()
        let reset = PasswordReset(userID: userID, tokenHash: APITokenService.digest(secret), expiresAt: now.addingTimeInterval(Self.lifetime))
        try await database.writeTransaction { database in
            // Older links of the account stop working; expired ones of anyone are tidied away.
            try await PasswordReset.query(on: database)
                .group(.or) { $0.filter(\.$user.$id == userID).filter(\.$expiresAt < now) }
                .delete()
            try await reset.create(on: database)
        }
        return (user, secret)
    }

    /// The account a link opens; nil when the link is unknown, used or expired.
    func user(for secret: String) async throws -> User? {
        guard let reset = try await Self.valid(secret, now: now, on: database) else { return nil }
        return try await User.find(reset.$user.id, on: database)
    }

    /// Sets the new password, uses up the link and signs the account out everywhere. A password the
    /// policy refuses leaves the link working for another try.
    func complete(secret: String, password: String) async throws -> User {
        let violations = accounts.config.passwordPolicy.violations(of: password)
        guard violations.isEmpty else { throw UserFacingError(.unprocessableEntity, AccountService.problems(for: violations)) }
        let now = self.now
        // Claiming the link is its own transaction, so bcrypt does not run while holding the lock.
        let user = try await database.writeTransaction { database in
            guard let reset = try await Self.valid(secret, now: now, on: database) else { throw Self.invalidLink }
            try await database.lockUntilCommit(reset.requireID())
            // A second use of the same link that waited for the lock finds it gone here.
            guard try await PasswordReset.find(reset.id, on: database) != nil,
                  let user = try await User.find(reset.$user.id, on: database)
            else { throw Self.invalidLink }
            try await PasswordReset.query(on: database).filter(\.$user.$id == reset.$user.id).delete()
            return user
        }
        try await accounts.changePassword(user, to: password, keeping: nil, revokeTokens: false)
        return user
    }

    static let invalidLink = UserFacingError(.notFound, "reset_linkInvalid")

    private static func valid(_ secret: String, now: Date, on database: any Database) async throws -> PasswordReset? {
        guard !secret.isEmpty, secret.utf8.count <= 128 else { return nil }
        return try await PasswordReset.query(on: database)
            .filter(\.$tokenHash == APITokenService.digest(secret)).filter(\.$expiresAt > now).first()
    }
}
