import Fluent
import ScanbookCore
import Vapor

extension AccountService {
    /// Checks e-mail and password, with back-off on repeated failures (see `LoginThrottle`) per
    /// account and client address, per address and per account. A throttled attempt is refused
    /// before the password is checked. Unknown addresses cost the same bcrypt time as known ones,
    /// so timing does not reveal which addresses have accounts.
    func authenticate(email rawEmail: String, password: String, client: String, now: Date) async throws -> User {
        let account = (try? EmailAddress(rawEmail).value) ?? String(rawEmail.trimmingWhitespace().lowercased().prefix(254))
        let pair = "\(account) \(client)"
        let throttle = config.loginThrottle
        let limiter = RateLimiter(database: database)
        let since = now.addingTimeInterval(-throttle.window)
        let failures = LoginThrottle.Failures(
            accountFromAddress: try await limiter.times(.loginAccountFromAddress, pair, since: since),
            address: try await limiter.times(.loginAddress, client, since: since),
            account: try await limiter.times(.loginAccount, account, since: since)
        )
        if case .wait(let retryAfter) = throttle.decision(failures, now: now.timeIntervalSince1970) {
            throw Self.throttled(retryAfter: retryAfter)
        }

        let user = try await User.query(on: database).filter(\.$email == account).first()
        var digest = user?.passwordHash
        if digest == nil { digest = try await dummyDigest() }
        let matches = (try? await passwords.verify(password, created: digest ?? "")) ?? false
        guard let user, matches else {
            try await limiter.record(.loginAccountFromAddress, pair, at: now)
            try await limiter.record(.loginAddress, client, at: now)
            try await limiter.record(.loginAccount, account, at: now)
            throw UserFacingError(.unauthorized, "login_invalid")
        }
        // The person who knows the password starts afresh from this address; failures others
        // caused on the account or from the address still count.
        try await limiter.clear(.loginAccountFromAddress, pair)
        return user
    }

    /// Refuses a registration when this client address has made too many accounts this hour.
    func checkRegistrationRate(client: String, now: Date) async throws {
        let limiter = RateLimiter(database: database)
        let recent = try await limiter.times(.registration, client, since: now.addingTimeInterval(-3_600))
        guard recent.count < config.registrationsPerHour else {
            let retryAfter = max(1, (recent.min() ?? now.timeIntervalSince1970) + 3_600 - now.timeIntervalSince1970)
            throw Self.throttled(retryAfter: retryAfter.rounded(.up), key: "register_throttled")
        }
    }

    func recordRegistration(client: String, now: Date) async throws {
        try await RateLimiter(database: database).record(.registration, client, at: now)
    }

    static func throttled(retryAfter: Double, key: String = "login_throttled") -> UserFacingError {
        let seconds = Int(min(retryAfter, 86_400))
        let wait = seconds < 120 ? ["seconds": "\(seconds)"] : ["minutes": "\((seconds + 59) / 60)"]
        return UserFacingError(
            .tooManyRequests, [LocalizedProblem(key: seconds < 120 ? key + "Seconds" : key, arguments: wait)],
            headers: ["Retry-After": "\(seconds)"]
        )
    }

    private func dummyDigest() async throws -> String {
        try await DummyDigest.shared.digest(cost: config.bcryptCost, passwords: passwords)
    }
}

/// A bcrypt hash at the configured cost to verify against when the address is unknown; made on
/// first need rather than at start-up, where it would slow every launch.
private actor DummyDigest {
    static let shared = DummyDigest()
    private var digests: [Int: String] = [:]

    func digest(cost: Int, passwords: AsyncPasswordHasher) async throws -> String {
        if let digest = digests[cost] { return digest }
        let digest = try Bcrypt.hash("scanbook-no-such-account", cost: cost)
        digests[cost] = digest
        return digest
    }
}
