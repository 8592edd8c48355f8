import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Hands the pending payments of one debit account and day to the bank: one pain.001 file, kept
/// for download, the payments marked executed with it, in one transaction.
enum PaymentExecution {
    /// Why a pending payment of the day was left out of the file.
    enum LeftOutReason: String, Sendable, Codable {
        /// It needs its own signature and has none.
        case unsigned
        /// It was signed, but what is stored now is not what was signed.
        case changedSinceSigned = "changed-since-signed"
        /// It needed no signature when made, but its beneficiary is no longer whitelisted or the
        /// amount is above the entry's limit now: it waits for a signature from now on.
        case notCoveredByWhitelist = "not-covered-by-whitelist"
    }

    struct LeftOut: Sendable {
        let payment: Payment
        let reason: LeftOutReason
    }

    struct Outcome: Sendable {
        let file: PaymentFile
        let payments: [Payment]
        let leftOut: [LeftOut]
    }

    /// What a file for that account and day would hold now, and what it would leave out: shown
    /// for the person to confirm, so one tap cannot send payments they did not see. Changes nothing.
    struct Preview: Sendable {
        let account: PaymentAccount
        let day: CalendarDate
        let ready: [Payment]
        let leftOut: [LeftOut]
    }

    static func preview(account accountID: UUID?, date: String?, on context: ServiceContext) async throws -> Preview {
        let ownerID = try context.requireUser().requireID()
        let account = try await PaymentAccount.find(accountID, ownedBy: context)
        guard let day = date.flatMap(CalendarDate.init(iso:)) else { throw UserFacingError(.unprocessableEntity, "payments_invalidDate") }
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        var ready: [Payment] = []
        var leftOut: [LeftOut] = []
        for payment in try await due(ownerID: ownerID, accountID: try account.requireID(), day: day, on: context.db) {
            if let reason = try await reasonLeftOut(payment, ownerID: ownerID, ceiling: ceiling, on: context.db) {
                leftOut.append(LeftOut(payment: payment, reason: reason))
            } else {
                ready.append(payment)
            }
        }
        guard !ready.isEmpty else { throw nothingReady(waiting: leftOut.count, day: day) }
        return Preview(account: account, day: day, ready: ready, leftOut: leftOut)
    }

    /// Every payment is checked against its signature digest (or the whitelist, for those that
    /// need none) in the transaction that marks it executed, so nothing changed after its check
    /// reaches the file. `only`: the payments the person confirmed; any of them no longer ready
    /// refuses the whole file (409), and payments added since stay pending.
    static func execute(account accountID: UUID?, date: String?, only confirmed: Set<UUID>? = nil, on context: ServiceContext) async throws -> Outcome {
        let ownerID = try context.requireUser().requireID()
        let account = try await PaymentAccount.find(accountID, ownedBy: context)
        guard let day = date.flatMap(CalendarDate.init(iso:)) else { throw UserFacingError(.unprocessableEntity, "payments_invalidDate") }
        let user = try context.requireUser()
        let accountID = try account.requireID()
        let createdAt = context.now
        let messageID = "SB-\(Int(createdAt.timeIntervalSince1970))-\(UUID().uuidString.prefix(8))"
        let ceiling = context.scanbookConfig.whitelistCeilingHundredths
        let outcome: Outcome? = try await context.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            var payments: [Payment] = []
            var leftOut: [LeftOut] = []
            for payment in try await due(ownerID: ownerID, accountID: accountID, day: day, on: database) {
                if let confirmed, !confirmed.contains(try payment.requireID()) { continue }
                if let reason = try await reasonLeftOut(payment, ownerID: ownerID, ceiling: ceiling, on: database) {
                    // The whitelist no longer covers it (an entry removed or its limit lowered):
                    // from now on it waits for a signature.
                    if reason == .notCoveredByWhitelist { try await WhitelistService.requireSignatureFromNowOn(payment, on: database, context: context) }
                    leftOut.append(LeftOut(payment: payment, reason: reason))
                } else {
                    payments.append(payment)
                }
            }
            if let confirmed, Set(try payments.map { try $0.requireID() }) != confirmed {
                throw UserFacingError(.conflict, "payments_executeChanged")
            }
            // Nothing ready: no file, but what was found (a payment that now waits for a
            // signature) is kept.
            guard !payments.isEmpty else { return nil }
            let batch = PaymentBatch(
                id: "\(messageID)-1", debtorName: user.name, debtorAccount: account.iban, executionDate: day,
                transfers: try payments.map(transfer)
            )
            let xml = Pain001.document(messageID: messageID, createdAt: isoDateTime(createdAt), initiatingParty: user.name, batches: [batch])
            let file = PaymentFile(ownerID: ownerID, debitAccountID: accountID, executionDate: day.description, messageID: messageID, paymentCount: payments.count, xml: xml)
            try await file.create(on: database)
            let fileID = try file.requireID()
            for payment in payments {
                payment.state = .executed
                payment.$file.id = fileID
                try await payment.save(on: database)
            }
            let written = try await Payment.query(on: database).filter(\.$file.$id == fileID).with(\.$debitAccount).all()
            try await AuditLog.record("payments.execute", subject: "file \(fileID)", before: Optional<ExecutedFileSnapshot>.none,
                                      after: try ExecutedFileSnapshot(file: file, payments: written), on: database, context: context)
            return Outcome(file: file, payments: written, leftOut: leftOut)
        }
        if let outcome { return outcome }
        throw nothingReady(waiting: try await due(ownerID: ownerID, accountID: accountID, day: day, on: context.db).count, day: day)
    }

    /// The pending payments of one account and day, with their debit account.
    private static func due(ownerID: UUID, accountID: UUID, day: CalendarDate, on database: any Database) async throws -> [Payment] {
        try await Payment.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$debitAccount.$id == accountID)
            .filter(\.$state == .pending).filter(\.$executionDate == day.description).sort(\.$createdAt).with(\.$debitAccount).all()
    }

    /// Why a pending payment stays out of the file; nil when it goes in.
    private static func reasonLeftOut(_ payment: Payment, ownerID: UUID, ceiling: Int, on database: any Database) async throws -> LeftOutReason? {
        if payment.signatureRequired {
            if payment.isSigned(debitIBAN: payment.debitAccount.iban) { return nil }
            return payment.signedDigest == nil ? .unsigned : .changedSinceSigned
        }
        let uncovered = try await WhitelistService.requiresSignature(payment, wasRequired: false, ownerID: ownerID, ceiling: ceiling, on: database)
        return uncovered ? .notCoveredByWhitelist : nil
    }

    private static func nothingReady(waiting: Int, day: CalendarDate) -> UserFacingError {
        if waiting > 0 { return UserFacingError(.unprocessableEntity, "payments_awaitingSignature", ["count": "\(waiting)"]) }
        return UserFacingError(.unprocessableEntity, "payments_nothingToExecute", ["date": day.description])
    }

    private static func transfer(_ payment: Payment) throws -> CreditTransfer {
        let type = QRBill.ReferenceType(rawValue: payment.referenceType) ?? (payment.referenceType == "ESR" ? .qr : .none)
        return CreditTransfer(
            endToEndID: try endToEndID(of: payment),
            amount: payment.amount, currency: payment.currency,
            creditor: payment.beneficiary,
            creditorAccount: payment.beneficiaryAccount, referenceType: type, reference: payment.reference, message: payment.message
        )
    }

    /// The id the bank names the payment by in its status report: the payment's id without dashes.
    static func endToEndID(of payment: Payment) throws -> String {
        try payment.requireID().uuidString.replacingOccurrences(of: "-", with: "")
    }

    private static func isoDateTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return String(formatter.string(from: date).dropLast())
    }
}

/// What the audit log keeps of an executed file: the file and each payment it carries, as written.
struct ExecutedFileSnapshot: Encodable {
    let file: PaymentFileDTO
    let payments: [PaymentDTO]

    init(file: PaymentFile, payments: [Payment]) throws {
        self.file = try PaymentFileDTO(file)
        self.payments = try payments.map { try PaymentDTO($0) }
    }
}
