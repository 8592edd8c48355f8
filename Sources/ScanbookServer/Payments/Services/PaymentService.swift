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
        return try await Payment.query(on: request.db).filter(\.$owner.$id == ownerID).filter(\.$state == state)
            .sort(\.$executionDate, state == .pending ? .ascending : .descending).limit(shown).all()
    }

    static func find(_ id: UUID?, on request: Request) async throws -> Payment {
        try await Payment.find(id, ownedBy: request)
    }

    static func create(_ form: PaymentForm, on request: Request) async throws -> Payment {
        let (checked, account) = try await check(form, on: request)
        let payment = Payment(ownerID: try request.auth.require(User.self).requireID(), checked: checked, debitAccountID: try account.requireID())
        try await payment.create(on: request.db)
        return payment
    }

    static func update(_ payment: Payment, with form: PaymentForm, on request: Request) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        let (checked, account) = try await check(form, on: request)
        payment.apply(checked, debitAccountID: try account.requireID())
        try await payment.save(on: request.db)
    }

    static func delete(_ payment: Payment, on request: Request) async throws {
        guard payment.state == .pending else { throw UserFacingError(.conflict, "payments_notPending") }
        try await payment.delete(on: request.db)
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
