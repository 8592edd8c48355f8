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
        // Checked and counted in one step per scope's keys (see `RateLimiter.reserve`): of a
        // burst, only as many reach the password check as a scope lets through. The attempt
        // counts as a failure until a right password takes it back.
        let scopes: [(RateEvent.Scope, String)] = [(.loginAccountFromAddress, pair), (.loginAddress, client), (.loginAccount, account)]
        let reserved = try await limiter.reserve(scopes, at: now, locks: scopes.map { "\($0.0.rawValue) \($0.1)" }) { limiter in
            let failures = LoginThrottle.Failures(
                accountFromAddress: try await limiter.times(.loginAccountFromAddress, pair, since: since),
                address: try await limiter.times(.loginAddress, client, since: since),
                account: try await limiter.times(.loginAccount, account, since: since)
            )
            if case .wait(let retryAfter) = throttle.decision(failures, now: now.timeIntervalSince1970) {
                throw Self.throttled(retryAfter: retryAfter)
            }
        }

        let matched: User?
        do {
            let user = try await User.query(on: database).filter(\.$email == account).first()
            var digest = user?.passwordHash
            if digest == nil { digest = try await dummyDigest() }
            let created = digest ?? ""
            let passwords = passwords
            let matches = try await boundedPasswordWork { (try? await passwords.verify(password, created: created)) ?? false }
            matched = matches ? user : nil
        } catch {
            // Refused before the password was checked (the line was full): not a failure.
            try? await limiter.release(reserved)
            throw error
        }
        // A wrong password keeps its reservations: they are the failure's record.
        guard let user = matched else { throw UserFacingError(.unauthorized, "login_invalid") }
        // The person who knows the password starts afresh from this address; failures others
        // caused on the account or from the address still count.
        try await limiter.release(reserved)
        try await limiter.clear(.loginAccountFromAddress, pair)
        return user
    }

    /// Counts a registration from this client address before it is made, refusing it when the
    /// address has made too many accounts this hour. Returns the reservation, to take back if the
    /// registration makes no account.
    func reserveRegistration(client: String, now: Date) async throws -> UUID {
        let limiter = RateLimiter(database: database)
        let perHour = config.registrationsPerHour
        let reserved = try await limiter.reserve([(.registration, client)], at: now, locks: ["\(RateEvent.Scope.registration.rawValue) \(client)"]) { limiter in
            let recent = try await limiter.times(.registration, client, since: now.addingTimeInterval(-3_600))
            guard recent.count < perHour else {
                let retryAfter = max(1, (recent.min() ?? now.timeIntervalSince1970) + 3_600 - now.timeIntervalSince1970)
                throw Self.throttled(retryAfter: retryAfter.rounded(.up), key: "register_throttled")
            }
        }
        return reserved[0]
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
