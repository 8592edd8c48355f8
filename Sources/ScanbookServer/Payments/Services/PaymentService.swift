import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Payments: created and changed through `PaymentDraft.check`, deleted while pending, executed
/// into pain.001 files.
enum PaymentService {
    static let shown = 200

    static func list(_ state: Payment.State, on context: ServiceContext) async throws -> [Payment] {
        let ownerID = try context.requireUser().requireID()
        return try await Payment.query(on: context.db).filter(\.$owner.$id == ownerID).filter(\.$state == state).with(\.$debitAccount)
            .sort(\.$executionDate, state == .pending ? .ascending : .descending).limit(shown).all()
    }

    static func find(_ id: UUID?, on context: ServiceContext) async throws -> Payment {
        try await Payment.find(id, ownedBy: context) { $0.with(\.$debitAccount).with(\.$file) }
    }

    /// A new pending payment; to a beneficiary on no whitelist, or above the entry's limit, it
    /// waits for a signature. How the user started it (a slip photo, a template, a kind) counts
    /// for the home page's favourites. `askingAboutDuplicates`: a likely repeat of an earlier
    /// payment is refused (409) with a warning unless the form says to pay it anyway.
    static func create(_ form: PaymentForm, askingAboutDuplicates: Bool = false, on context: ServiceContext) async throws -> Payment {
        let (checked, account) = try await check(form, on: context)
        let ownerID = try context.requireUser().requireID()
        let payment = Payment(ownerID: ownerID, checked: checked, debitAccountID: try account.requireID())
        if askingAboutDuplicates, form.duplicateConfirmed != "1", let earlier = try await PaymentDuplicates.earlier(than: payment, on: context) {
            throw UserFacingError(.conflict, [PaymentDuplicates.warning(earlier, repeating: payment, locale: context.locale)])
        }
        let favourite = try await favouriteKey(form.from, kind: checked.kind, ownerID: ownerID, on: context.db)
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        return try await context.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            payment.signatureRequired = try await WhitelistService.requiresSignature(payment, wasRequired: false, ownerID: ownerID, ceiling: ceiling, on: database)
            try await payment.create(on: database)
            try await PaymentFavourites.count(favourite, ownerID: ownerID, on: database)
            let written = try await Payment.stored(try payment.requireID(), on: database)
            try await AuditLog.record("payment.create", subject: "payment \(try written.requireID())", before: Optional<PaymentDTO>.none,
                                      after: try PaymentDTO(written), on: database, context: context)
            return written
        }
    }

    /// Changes a pending payment, as stored when the change's transaction runs. A payment that
    /// needed a signature keeps needing one; a signature stays only while every field it covers
    /// is unchanged. Returns the row as written.
    @discardableResult
    static func update(_ payment: Payment, with form: PaymentForm, on context: ServiceContext) async throws -> Payment {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        let (checked, account) = try await check(form, on: context)
        let ownerID = try context.requireUser().requireID()
        let accountID = try account.requireID()
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        return try await context.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            let row = try await Payment.stored(try payment.requireID(), on: database)
            guard row.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
            let before = try PaymentDTO(row)
            let wasRequired = row.signatureRequired
            row.apply(checked, debitAccountID: accountID)
            row.$debitAccount.value = account
            row.signatureRequired = try await WhitelistService.requiresSignature(row, wasRequired: wasRequired, ownerID: ownerID, ceiling: ceiling, on: database)
            if !row.isSigned(debitIBAN: account.iban) { (row.signedDigest, row.signedAt) = (nil, nil) }
            try await row.save(on: database)
            let written = try await Payment.stored(try row.requireID(), on: database)
            try await AuditLog.record("payment.update", subject: "payment \(try written.requireID())", before: before,
                                      after: try PaymentDTO(written), on: database, context: context)
            return written
        }
    }

    static func delete(_ payment: Payment, on context: ServiceContext) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        let ownerID = payment.$owner.id
        try await context.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            let row = try await Payment.stored(try payment.requireID(), on: database)
            guard row.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
            try await row.delete(on: database)
            try await AuditLog.record("payment.delete", subject: "payment \(try row.requireID())", before: try PaymentDTO(row),
                                      after: Optional<PaymentDTO>.none, on: database, context: context)
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

    /// The form checked against the user's own debit account; every problem named at once.
    private static func check(_ form: PaymentForm, on context: ServiceContext) async throws -> (CheckedPayment, PaymentAccount) {
        var account: PaymentAccount?
        if let id = form.debitAccount { account = try await PaymentAccount.owned(id, by: context) }
        switch try form.draft(debitIBAN: account?.iban ?? "", today: context.today).check(today: context.today) {
        case .success(let checked):
            guard let account else { throw UserFacingError(.unprocessableEntity, "payments_accountRequired") }
            return (checked, account)
        case .failure(let found):
            var problems = PaymentProblems.localized(found.problems.filter { account != nil || $0.field != .debitAccount })
            if account == nil { problems.insert(LocalizedProblem(key: "payments_accountRequired", field: "debitAccount"), at: 0) }
            throw UserFacingError(.unprocessableEntity, problems)
        }
    }
}

extension PaymentAccount {
    /// `find(_:ownedBy:)` that answers nil instead of 404, for a form field.
    static func owned(_ id: UUID, by context: ServiceContext) async throws -> PaymentAccount? {
        let ownerID = try context.requireUser().requireID()
        return try await query(on: context.db).filter(\.$id == id).filter(\.$owner.$id == ownerID).first()
    }
}
