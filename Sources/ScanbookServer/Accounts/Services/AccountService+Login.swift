import Fluent
import ScanbookCore
import Vapor

extension AccountService {
    /// Checks e-mail and password, throttling repeated failures per address. Unknown addresses cost
    /// the same bcrypt time as known ones, so timing does not reveal which addresses have accounts.
    func authenticate(email rawEmail: String, password: String, now: Date) async throws -> User {
        let key = (try? EmailAddress(rawEmail).value) ?? rawEmail.trimmingWhitespace().lowercased()
        let throttle = config.loginThrottle
        let windowStart = now.addingTimeInterval(-throttle.window)
        try await LoginFailure.query(on: database)
            .filter(\.$email == key).filter(\.$failedAt < windowStart).delete()
        let failures = try await LoginFailure.query(on: database).filter(\.$email == key).all()
        if case .locked(let retryAfter) = throttle.decision(
            failures: failures.map(\.failedAt.timeIntervalSince1970), now: now.timeIntervalSince1970
        ) {
            let minutes = Int((retryAfter / 60).rounded(.up))
            throw UserFacingError(
                .tooManyRequests, [LocalizedProblem(key: "login_throttled", arguments: ["minutes": "\(minutes)"])],
                headers: ["Retry-After": "\(Int(retryAfter.rounded(.up)))"]
            )
        }

        let user = try await User.query(on: database).filter(\.$email == key).first()
        var digest = user?.passwordHash
        if digest == nil { digest = try await dummyDigest() }
        let matches = (try? await passwords.verify(password, created: digest ?? "")) ?? false
        guard let user, matches else {
            try await LoginFailure(email: key, failedAt: now).create(on: database)
            throw UserFacingError(.unauthorized, "login_invalid")
        }
        try await LoginFailure.query(on: database).filter(\.$email == key).delete()
        return user
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
