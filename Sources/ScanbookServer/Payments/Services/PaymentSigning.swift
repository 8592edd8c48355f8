import Crypto
import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import SQLKit
import Vapor

/// The second factor: a TOTP authenticator enrolled once (its QR code shown only then), codes
/// that work once each, wrong codes throttled, and signatures bound to what they cover.
enum PaymentSigning {
    static let issuer = "Scanbook"
    /// Wrong codes allowed per target (a payment, the enrolment, …) and client address within
    /// `throttleWindow` before codes from there are refused for the rest of it.
    static let wrongCodesAllowed = 5
    /// Wrong codes allowed per user from all targets and addresses together: a guesser with many
    /// addresses gets this many tries, not five per address.
    static let wrongCodesPerUser = 25
    static let throttleWindow: TimeInterval = 15 * 60

    static func digest(_ fields: SignedPaymentFields) -> String {
        SHA256.hash(data: Array(fields.canonical.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func authenticator(for userID: UUID, on database: any Database) async throws -> PaymentAuthenticator? {
        try await PaymentAuthenticator.query(on: database).filter(\.$user.$id == userID).first()
    }

    struct Enrolment: Sendable {
        let secret: String
        let uri: String
        let qrSVG: String
    }

    /// A new secret for the user's authenticator app, replacing an unconfirmed one (so a page shown
    /// earlier is worth nothing). Refused once an authenticator is confirmed.
    static func startEnrolment(on context: ServiceContext) async throws -> Enrolment {
        let user = try context.requireUser()
        let userID = try user.requireID()
        let secret = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0.prefix(20)) }
        let sealed = try await context.application.secretBox().seal(secret)
        try await context.db.writeTransaction { database in
            if let existing = try await authenticator(for: userID, on: database) {
                guard !existing.isConfirmed else { throw UserFacingError(.conflict, "payments_authenticatorExists") }
                try await existing.delete(on: database)
            }
            try await PaymentAuthenticator(userID: userID, sealedSecret: sealed).create(on: database)
        }
        let uri = totp(secret).provisioningURI(account: user.email, issuer: issuer)
        let svg = try QRCodeWriter.encode(uri).svg(label: context.text("payments_authenticator_qr"))
        return Enrolment(secret: Base32.encode(secret), uri: uri, qrSVG: svg)
    }

    static func confirmEnrolment(code: String?, on context: ServiceContext) async throws {
        let userID = try context.requireUser().requireID()
        guard let authenticator = try await authenticator(for: userID, on: context.db), !authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorNotStarted")
        }
        try await consume(code, authenticator, for: .enrolment, context: context)
        let id = try authenticator.requireID()
        try await context.db.writeTransaction { database in
            // Only the enrolment the code was checked against, and only once (a "set up" in another
            // tab may have replaced it meanwhile).
            guard let sql = database as? any SQLDatabase, try await !sql.update(PaymentAuthenticator.schema)
                .set("confirmed_at", to: context.now).where("id", .equal, id).where("confirmed_at", .is, SQLLiteral.null)
                .returning("id").all().isEmpty else {
                throw UserFacingError(.conflict, "payments_authenticatorNotStarted")
            }
            try await AuditLog.record("authenticator.enrol", subject: "user \(userID)", before: Optional<String>.none, after: "confirmed", on: database, context: context)
        }
    }

    /// Removing the authenticator takes a current code from it.
    static func remove(code: String?, on context: ServiceContext) async throws {
        let userID = try context.requireUser().requireID()
        guard let authenticator = try await authenticator(for: userID, on: context.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorMissing")
        }
        try await consume(code, authenticator, for: .removal, context: context)
        try await context.db.writeTransaction { database in
            try await authenticator.delete(on: database)
            try await AuditLog.record("authenticator.remove", subject: "user \(userID)", before: "confirmed", after: Optional<String>.none, on: database, context: context)
        }
    }

    /// Signs a pending payment that waits for it, as stored when the signing transaction runs:
    /// the digest is of the row read there under the owner's payment lock, so a change racing the
    /// signature is either signed whole or voids it. Its beneficiary joins the user's whitelist
    /// (up to the default limit). Returns the row as written.
    /// `shown`: the `contentDigest` of the payment as the signer saw it (the page's hidden field, an
    /// API client's copy); when given, a payment changed since is not signed (409), so nobody
    /// signs an amount they never saw.
    @discardableResult
    static func sign(_ payment: Payment, code: String?, shown: String? = nil, on context: ServiceContext) async throws -> Payment {
        let userID = try context.requireUser().requireID()
        let paymentID = try payment.requireID()
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        guard let authenticator = try await authenticator(for: userID, on: context.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorMissing")
        }
        try await requireSignable(try await Payment.stored(paymentID, on: context.db), shown: shown)
        try await consume(code, authenticator, for: .payment(paymentID), context: context)
        return try await context.db.writeTransaction { database in
            try await database.lockPayments(of: userID)
            let row = try await Payment.stored(paymentID, on: database)
            try await requireSignable(row, shown: shown)
            let before = try PaymentDTO(row)
            row.signedDigest = digest(row.signedFields(debitIBAN: row.debitAccount.iban))
            row.signedAt = context.now
            try await row.save(on: database)
            try await WhitelistService.remember(row, userID: userID, on: database, context: context)
            let written = try await Payment.stored(paymentID, on: database)
            try await AuditLog.record("payment.sign", subject: "payment \(paymentID)", before: before, after: try PaymentDTO(written), on: database, context: context)
            return written
        }
    }

    /// Pending, waiting for a signature, not signed as it stands, and what the signer was shown.
    private static func requireSignable(_ payment: Payment, shown: String?) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        guard payment.signatureRequired, !payment.isSigned(debitIBAN: payment.debitAccount.iban) else {
            throw UserFacingError(.conflict, "payments_nothingToSign")
        }
        if let shown = shown.flatMap({ $0.isEmpty ? nil : $0 }), shown != payment.contentDigest {
            throw UserFacingError(.conflict, "payments_changedSinceShown")
        }
    }

    /// What a code is typed for. Wrong codes are counted per target and client address, so a
    /// guesser on one payment, or from one address, does not stop the owner signing from theirs.
    enum CodeTarget: Sendable, Equatable {
        case payment(UUID)
        case enrolment
        case removal
        case whitelist

        var key: String {
            switch self {
            case .payment(let id): "payment:\(id.uuidString)"
            case .enrolment: "enrolment"
            case .removal: "removal"
            case .whitelist: "whitelist"
            }
        }
    }

    /// Checks the code against the authenticator and uses it up: each time step's code works once,
    /// even when two requests race (the stored step only ever moves forward). The attempt is
    /// counted before the code is checked, in the same step as the count is read, so parallel
    /// guesses cannot pass the limit; an attempt the throttle refuses is not counted (it checked
    /// nothing), a wrong one stays, a right one clears its target and address. Runs before the
    /// change's transaction, so a wrong code's count stays when the request fails.
    private static func consume(_ code: String?, _ authenticator: PaymentAuthenticator, for target: CodeTarget, context: ServiceContext) async throws {
        let user = authenticator.$user.id.uuidString
        let key = "\(user) \(target.key) \(context.clientKey)"
        let limiter = RateLimiter(database: context.db)
        let now = context.now
        let since = now.addingTimeInterval(-throttleWindow)
        let (allowedHere, allowedEverywhere) = (wrongCodesAllowed, wrongCodesPerUser)
        // Checked and counted in one step per target and per user (see `RateLimiter.reserve`).
        _ = try await limiter.reserve([(.secondFactorTarget, key)], at: now, locks: ["code \(key)", "code \(user)"]) { limiter in
            let here = try await limiter.times(.secondFactorTarget, key, since: since)
            let everywhere = try await limiter.times(.secondFactorTarget, keyPrefix: "\(user) ", since: since)
            guard here.count < allowedHere, everywhere.count < allowedEverywhere else {
                let (counted, allowed) = here.count >= allowedHere ? (here, allowedHere) : (everywhere, allowedEverywhere)
                let freedAt = (counted.sorted().dropLast(allowed - 1).last ?? now.timeIntervalSince1970) + throttleWindow
                let seconds = max(1, Int((freedAt - now.timeIntervalSince1970).rounded(.up)))
                throw UserFacingError(.tooManyRequests, [LocalizedProblem(key: "payments_codeThrottled", arguments: ["minutes": "\((seconds + 59) / 60)"])],
                                      headers: ["Retry-After": "\(seconds)"])
            }
        }
        let typed = String((code ?? "").filter { !$0.isWhitespace }.prefix(12))
        let secret = try await context.application.openSecret(authenticator.sealedSecret)
        guard let counter = totp(secret).matchingCounter(typed, at: Int64(now.timeIntervalSince1970), after: authenticator.lastCounter),
              try await advance(authenticator, to: counter, on: context.db)
        else {
            throw UserFacingError(.unprocessableEntity, "payments_codeWrong")
        }
        try await limiter.clear(.secondFactorTarget, key)
        authenticator.lastCounter = counter
    }

    /// Wrong codes typed for the user in the throttle's window, by target and client address:
    /// what the owner is shown, so a guesser's attempts are seen rather than only felt.
    struct WrongCodes: Sendable, Equatable {
        let target: String
        let address: String
        let count: Int
        let last: Date
    }

    static func recentWrongCodes(of userID: UUID, now: Date, on database: any Database) async throws -> [WrongCodes] {
        let user = userID.uuidString
        let events = try await RateLimiter(database: database)
            .events(.secondFactorTarget, keyPrefix: "\(user) ", since: now.addingTimeInterval(-throttleWindow))
        var grouped: [String: (count: Int, last: Date)] = [:]
        for event in events {
            let current = grouped[event.key] ?? (0, event.at)
            grouped[event.key] = (current.count + 1, max(current.last, event.at))
        }
        return grouped.compactMap { key, value in
            let parts = key.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { return nil }
            return WrongCodes(target: parts[1], address: parts[2], count: value.count, last: value.last)
        }.sorted { $0.last > $1.last }
    }

    /// A current code of the signed-in user's confirmed authenticator, used up (adding a
    /// beneficiary to a whitelist by hand takes one, as a signature would).
    static func requireCode(_ code: String?, on context: ServiceContext) async throws {
        let userID = try context.requireUser().requireID()
        guard let authenticator = try await authenticator(for: userID, on: context.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_whitelistNeedsAuthenticator")
        }
        try await consume(code, authenticator, for: .whitelist, context: context)
    }

    /// Moves the last used step forward to `counter` unless another request already used it or a later one.
    private static func advance(_ authenticator: PaymentAuthenticator, to counter: Int64, on database: any Database) async throws -> Bool {
        guard let sql = database as? any SQLDatabase else { return false }
        let updated = try await sql.update(PaymentAuthenticator.schema)
            .set("last_counter", to: counter)
            .where("id", .equal, try authenticator.requireID())
            .where { $0.where("last_counter", .is, SQLLiteral.null).orWhere("last_counter", .lessThan, counter) }
            .returning("id").all()
        return !updated.isEmpty
    }

    private static func totp(_ secret: [UInt8]) -> ScanbookCore.TOTP {
        ScanbookCore.TOTP(secret: secret) { key, message in Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key))) }
    }
}
