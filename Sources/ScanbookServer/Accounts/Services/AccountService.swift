import Fluent
import ScanbookCore
import Vapor

/// Creating accounts and checking passwords, shared by the web pages, the API and the CLI so the
/// rules (policy, normalized unique e-mail, first account is admin) hold whichever door is used.
struct AccountService {
    let database: any Database
    let passwords: AsyncPasswordHasher
    /// Every bcrypt hash and check goes through it (bounded; a full line is a 429).
    var passwordWork = BoundedWork(running: 1, waiting: 1)
    let config: AppConfig
    var now: @Sendable () -> Date = { Date() }
    /// What each module sets up for a new account (its defaults), in the registration's transaction.
    var newAccount: @Sendable (_ user: User, _ locale: String, _ database: any Database) async throws -> Void = { _, _, _ in }

    struct Registration {
        var name: String
        var email: String
        var password: String
        /// nil: the first account becomes administrator, later ones do not.
        var isAdmin: Bool? = nil
        /// The client address a web or API registration came from (counted against
        /// `registrationsPerHour`); nil for the command line, which has no limit.
        var client: String? = nil
        /// The language the account's defaults (category names) are made in.
        var locale: String = "en"
    }

    /// Validates everything first and reports every problem at once; nothing is written on failure.
    func validate(_ registration: Registration) async throws(UserFacingError) -> (name: String, email: EmailAddress) {
        var problems: [LocalizedProblem] = []
        let name = registration.name.trimmingWhitespace()
        if name.isEmpty { problems.append(LocalizedProblem(key: "account_nameMissing")) }
        if name.count > 100 { problems.append(LocalizedProblem(key: "account_nameTooLong")) }
        var email: EmailAddress?
        do {
            email = try EmailAddress(registration.email)
        } catch {
            problems.append(LocalizedProblem(key: "account_emailInvalid"))
        }
        problems += Self.problems(for: config.passwordPolicy.violations(of: registration.password))
        if let email, await isTaken(email) {
            problems.append(LocalizedProblem(key: "account_emailTaken"))
        }
        guard problems.isEmpty, let email else { throw UserFacingError(.unprocessableEntity, problems) }
        return (name, email)
    }

    private func isTaken(_ email: EmailAddress) async -> Bool {
        ((try? await User.query(on: database).filter(\.$email == email.value).count()) ?? 0) > 0
    }

    /// Creates the account; `configure` runs inside the same transaction (e.g. to attach an avatar).
    func register(
        _ registration: Registration,
        configure: @escaping @Sendable (User, any Database) async throws -> Void = { _, _ in }
    ) async throws -> User {
        // The registration is counted before anything else is looked at, and taken back if it
        // makes no account: a burst cannot pass the limit by all reading the count first.
        var reservation: UUID?
        if let client = registration.client { reservation = try await reserveRegistration(client: client, now: now()) }
        do {
            return try await create(registration, configure: configure)
        } catch {
            if let reservation { try? await RateLimiter(database: database).release([reservation]) }
            throw error
        }
    }

    private func create(
        _ registration: Registration,
        configure: @escaping @Sendable (User, any Database) async throws -> Void = { _, _ in }
    ) async throws -> User {
        let (name, email) = try await validate(registration)
        let password = registration.password
        let hash = try await hashPassword(password)
        let requestedAdmin = registration.isAdmin
        let user = try await database.writeTransaction { database in
            var isAdmin = requestedAdmin ?? false
            if requestedAdmin == nil { isAdmin = try await User.query(on: database).count() == 0 }
            let user = User(name: name, email: email.value, passwordHash: hash, isAdmin: isAdmin)
            do {
                try await user.create(on: database)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Lost a race with a registration of the same address.
                throw UserFacingError(.unprocessableEntity, "account_emailTaken")
            }
            try await configure(user, database)
            try await newAccount(user, registration.locale, database)
            return user
        }
        return user
    }

    /// A bcrypt hash through the bounded password work.
    func hashPassword(_ password: String) async throws -> String {
        let passwords = passwords
        return try await boundedPasswordWork { try await passwords.hash(password) }
    }

    /// Runs bcrypt within `passwordWork`; a full line is refused at once with 429 and Retry-After.
    func boundedPasswordWork<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        do {
            return try await passwordWork.run(body)
        } catch is BoundedWork.Full {
            throw UserFacingError(.tooManyRequests, [LocalizedProblem(key: "login_busy")], headers: ["Retry-After": "2"])
        }
    }

    /// Changes the password and ends every other signed-in session of the user (all of them when
    /// `keeping` is nil, as for an administrator's reset); `revokeTokens` also revokes API tokens.
    func changePassword(_ user: User, to password: String, keeping currentSession: String?, revokeTokens: Bool) async throws {
        try await setPassword(user, to: password)
        let userID = try user.requireID()
        var others = SignedInSession.query(on: database).filter(\.$user.$id == userID)
        if let currentSession { others = others.filter(\.$tokenHash != currentSession) }
        try await others.delete()
        if revokeTokens { try await APIToken.query(on: database).filter(\.$user.$id == userID).delete() }
    }

    func setPassword(_ user: User, to password: String) async throws {
        let violations = config.passwordPolicy.violations(of: password)
        guard violations.isEmpty else { throw UserFacingError(.unprocessableEntity, Self.problems(for: violations)) }
        user.passwordHash = try await hashPassword(password)
        try await user.save(on: database)
    }

    static func problems(for violations: [PasswordPolicy.Violation]) -> [LocalizedProblem] {
        violations.map { violation in
            switch violation {
            case .tooShort(let minimum): LocalizedProblem(key: violation.messageKey, arguments: ["minimum": "\(minimum)"])
            case .tooLong(let maximum): LocalizedProblem(key: violation.messageKey, arguments: ["maximum": "\(maximum)"])
            case .tooFewCharacterClasses(let required): LocalizedProblem(key: violation.messageKey, arguments: ["required": "\(required)"])
            }
        }
    }
}
