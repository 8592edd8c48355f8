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
    /// Wrong codes allowed per user within `throttleWindow` before codes are refused for the rest of it.
    static let wrongCodesAllowed = 5
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
    static func startEnrolment(on request: Request) async throws -> Enrolment {
        let user = try request.auth.require(User.self)
        let userID = try user.requireID()
        let secret = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0.prefix(20)) }
        let sealed = try await request.application.secretBox().seal(secret)
        try await request.db.writeTransaction { database in
            if let existing = try await authenticator(for: userID, on: database) {
                guard !existing.isConfirmed else { throw UserFacingError(.conflict, "payments_authenticatorExists") }
                try await existing.delete(on: database)
            }
            try await PaymentAuthenticator(userID: userID, sealedSecret: sealed).create(on: database)
        }
        let uri = totp(secret).provisioningURI(account: user.email, issuer: issuer)
        let svg = try QRCodeWriter.encode(uri).svg(label: request.text("payments_authenticator_qr"))
        return Enrolment(secret: Base32.encode(secret), uri: uri, qrSVG: svg)
    }

    static func confirmEnrolment(code: String?, on request: Request) async throws {
        let userID = try request.auth.require(User.self).requireID()
        guard let authenticator = try await authenticator(for: userID, on: request.db), !authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorNotStarted")
        }
        try await consume(code, authenticator, request: request)
        let id = try authenticator.requireID()
        try await request.db.writeTransaction { database in
            // Only the enrolment the code was checked against, and only once (a "set up" in another
            // tab may have replaced it meanwhile).
            guard let sql = database as? any SQLDatabase, try await !sql.update(PaymentAuthenticator.schema)
                .set("confirmed_at", to: request.now).where("id", .equal, id).where("confirmed_at", .is, SQLLiteral.null)
                .returning("id").all().isEmpty else {
                throw UserFacingError(.conflict, "payments_authenticatorNotStarted")
            }
            try await AuditLog.record("authenticator.enrol", subject: "user \(userID)", before: Optional<String>.none, after: "confirmed", on: database, request: request)
        }
    }

    /// Removing the authenticator takes a current code from it.
    static func remove(code: String?, on request: Request) async throws {
        let userID = try request.auth.require(User.self).requireID()
        guard let authenticator = try await authenticator(for: userID, on: request.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorMissing")
        }
        try await consume(code, authenticator, request: request)
        try await request.db.writeTransaction { database in
            try await authenticator.delete(on: database)
            try await AuditLog.record("authenticator.remove", subject: "user \(userID)", before: "confirmed", after: Optional<String>.none, on: database, request: request)
        }
    }

    /// Signs a pending payment that waits for it; its beneficiary joins the user's whitelist.
    static func sign(_ payment: Payment, code: String?, on request: Request) async throws {
        let userID = try request.auth.require(User.self).requireID()
        let account = try await payment.$debitAccount.get(on: request.db)
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        guard payment.signatureRequired, !payment.isSigned(debitIBAN: account.iban) else { throw UserFacingError(.conflict, "payments_nothingToSign") }
        guard let authenticator = try await authenticator(for: userID, on: request.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_authenticatorMissing")
        }
        let before = try BankPaymentDTO(payment)
        try await consume(code, authenticator, request: request)
        try await request.db.writeTransaction { database in
            try await database.lockPayments(of: userID)
            try await PaymentService.requirePending(payment, on: database)
            payment.signedDigest = digest(payment.signedFields(debitIBAN: account.iban))
            payment.signedAt = request.now
            try await payment.save(on: database)
            try await WhitelistService.remember(payment, userID: userID, on: database)
            try await AuditLog.record("payment.sign", subject: "payment \(try payment.requireID())", before: before, after: try BankPaymentDTO(payment), on: database, request: request)
        }
    }

    /// Checks the code against the authenticator and uses it up: each time step's code works once,
    /// even when two requests race (the stored step only ever moves forward). Runs before the
    /// change's transaction, so a wrong code's count stays when the request fails.
    private static func consume(_ code: String?, _ authenticator: PaymentAuthenticator, request: Request) async throws {
        let userID = authenticator.$user.id.uuidString
        let limiter = RateLimiter(database: request.db)
        let now = request.now
        // The attempt is counted before it is checked, so parallel guesses cannot all pass the
        // count; a right code clears the count.
        try await limiter.record(.secondFactor, userID, at: now)
        let attempts = try await limiter.times(.secondFactor, userID, since: now.addingTimeInterval(-throttleWindow))
        if attempts.count > wrongCodesAllowed, let oldest = attempts.sorted().dropLast(wrongCodesAllowed).last {
            let minutes = max(1, Int((oldest + throttleWindow - now.timeIntervalSince1970) / 60 + 0.999))
            throw UserFacingError(.tooManyRequests, "payments_codeThrottled", ["minutes": "\(minutes)"])
        }
        let typed = String((code ?? "").filter { !$0.isWhitespace }.prefix(12))
        let secret = try await request.application.openSecret(authenticator.sealedSecret)
        guard let counter = totp(secret).matchingCounter(typed, at: Int64(now.timeIntervalSince1970), after: authenticator.lastCounter),
              try await advance(authenticator, to: counter, on: request.db)
        else {
            throw UserFacingError(.unprocessableEntity, "payments_codeWrong")
        }
        try await limiter.clear(.secondFactor, userID)
        authenticator.lastCounter = counter
    }

    /// A current code of the signed-in user's confirmed authenticator, used up (adding a
    /// beneficiary to a whitelist by hand takes one, as a signature would).
    static func requireCode(_ code: String?, on request: Request) async throws {
        let userID = try request.auth.require(User.self).requireID()
        guard let authenticator = try await authenticator(for: userID, on: request.db), authenticator.isConfirmed else {
            throw UserFacingError(.conflict, "payments_whitelistNeedsAuthenticator")
        }
        try await consume(code, authenticator, request: request)
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
