import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Payments: created and changed through `PaymentDraft.check`, deleted while pending, executed
/// into pain.001 files.
enum PaymentService {
    static let shown = 200

    static func list(_ state: Payment.State, on request: Request) async throws -> [Payment] {
        let ownerID = try request.auth.require(User.self).requireID()
        return try await Payment.query(on: request.db).filter(\.$owner.$id == ownerID).filter(\.$state == state).with(\.$debitAccount)
            .sort(\.$executionDate, state == .pending ? .ascending : .descending).limit(shown).all()
    }

    static func find(_ id: UUID?, on request: Request) async throws -> Payment {
        try await Payment.find(id, ownedBy: request) { $0.with(\.$debitAccount) }
    }

    /// A new pending payment; to a beneficiary on no whitelist it waits for a signature. How the
    /// user started it (a slip photo, a template, a kind) counts for the home page's favourites.
    static func create(_ form: PaymentForm, on request: Request) async throws -> Payment {
        let (checked, account) = try await check(form, on: request)
        let ownerID = try request.auth.require(User.self).requireID()
        let payment = Payment(ownerID: ownerID, checked: checked, debitAccountID: try account.requireID())
        payment.$debitAccount.value = account
        let favourite = try await favouriteKey(form.from, kind: checked.kind, ownerID: ownerID, on: request.db)
        try await request.db.writeTransaction { database in
            payment.signatureRequired = try await needsSignature(payment, ownerID: ownerID, on: database)
            try await payment.create(on: database)
            try await PaymentFavourites.count(favourite, ownerID: ownerID, on: database)
            try await AuditLog.record("payment.create", subject: "payment \(try payment.requireID())", before: Optional<BankPaymentDTO>.none,
                                      after: try BankPaymentDTO(payment), on: database, request: request)
        }
        return payment
    }

    /// Changes a pending payment. A signature stays only while the fields it covers are unchanged.
    static func update(_ payment: Payment, with form: PaymentForm, on request: Request) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        let before = try BankPaymentDTO(payment)
        let (checked, account) = try await check(form, on: request)
        let ownerID = try request.auth.require(User.self).requireID()
        payment.apply(checked, debitAccountID: try account.requireID())
        payment.$debitAccount.value = account
        try await request.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            try await requirePending(payment, on: database)
            payment.signatureRequired = try await needsSignature(payment, ownerID: ownerID, on: database)
            if !payment.isSigned(debitIBAN: account.iban) { (payment.signedDigest, payment.signedAt) = (nil, nil) }
            try await payment.save(on: database)
            try await AuditLog.record("payment.update", subject: "payment \(try payment.requireID())", before: before,
                                      after: try BankPaymentDTO(payment), on: database, request: request)
        }
    }

    static func delete(_ payment: Payment, on request: Request) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        let before = try BankPaymentDTO(payment)
        let ownerID = payment.$owner.id
        try await request.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            try await requirePending(payment, on: database)
            try await payment.delete(on: database)
            try await AuditLog.record("payment.delete", subject: "payment \(try payment.requireID())", before: before,
                                      after: Optional<BankPaymentDTO>.none, on: database, request: request)
        }
    }

    /// "scan", one of the user's templates, or else the payment's kind.
    private static func favouriteKey(_ from: String?, kind: PaymentDraft.Kind, ownerID: UUID, on database: any Database) async throws -> String {
        if from == PaymentFavourites.scan { return PaymentFavourites.scan }
        if let from, from.hasPrefix("template:"), let id = UUID(uuidString: String(from.dropFirst("template:".count))),
           try await PaymentTemplate.query(on: database).filter(\.$id == id).filter(\.$owner.$id == ownerID).count() == 1 {
            return PaymentFavourites.templateKey(id)
        }
        return PaymentFavourites.kindKey(kind)
    }

    /// No second factor for a beneficiary on the user's or the global whitelist. (An own account
    /// is no exception: accounts are added without a code, so one added by someone holding only
    /// the session would be a way round the second factor.)
    static func needsSignature(_ payment: Payment, ownerID: UUID, on database: any Database) async throws -> Bool {
        try await WhitelistService.entry(for: payment.beneficiaryAccount, userID: ownerID, on: database) == nil
    }

    /// Re-read inside the change's transaction: executed by a request that ran meanwhile → 409.
    static func requirePending(_ payment: Payment, on database: any Database) async throws {
        let id = try payment.requireID()
        guard try await Payment.query(on: database).filter(\.$id == id).filter(\.$state == .pending).count() == 1 else {
            throw UserFacingError(.conflict, "payments_notPending")
        }
    }

    /// The form checked against the user's own debit account; every problem named at once.
    private static func check(_ form: PaymentForm, on request: Request) async throws -> (CheckedPayment, PaymentAccount) {
        var account: PaymentAccount?
        if let id = form.debitAccount { account = try await PaymentAccount.owned(id, by: request) }
        switch form.draft(debitIBAN: account?.iban ?? "", today: request.today).check(today: request.today) {
        case .success(let checked):
            guard let account else { throw UserFacingError(.unprocessableEntity, "payments_accountRequired") }
            return (checked, account)
        case .failure(let found):
            var problems = PaymentProblems.localized(found.problems.filter { account != nil || $0.field != .debitAccount }, request: request)
            if account == nil { problems.insert(LocalizedProblem(key: "payments_accountRequired"), at: 0) }
            throw UserFacingError(.unprocessableEntity, problems)
        }
    }
}

extension PaymentAccount {
    /// `find(_:ownedBy:)` that answers nil instead of 404, for a form field.
    static func owned(_ id: UUID, by request: Request) async throws -> PaymentAccount? {
        let ownerID = try request.auth.require(User.self).requireID()
        return try await query(on: request.db).filter(\.$id == id).filter(\.$owner.$id == ownerID).first()
    }
}
