import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Hands the pending payments of one debit account and day to the bank: one pain.001 file, kept
/// for download, the payments marked executed with it, in one transaction.
enum PaymentExecution {
    static func execute(account accountID: UUID?, date: String?, on request: Request) async throws -> PaymentFile {
        let ownerID = try request.auth.require(User.self).requireID()
        let account = try await PaymentAccount.find(accountID, ownedBy: request)
        guard let day = date.flatMap(CalendarDate.init(iso:)) else { throw UserFacingError(.unprocessableEntity, "payments_invalidDate") }
        let user = try request.auth.require(User.self)
        let accountID = try account.requireID()
        let createdAt = request.now
        let messageID = "SB-\(Int(createdAt.timeIntervalSince1970))-\(UUID().uuidString.prefix(8))"
        return try await request.db.writeTransaction { database in
            try await database.lockPayments(of: ownerID)
            let due = try await Payment.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$debitAccount.$id == accountID)
                .filter(\.$state == .pending).filter(\.$executionDate == day.description).all()
            // A signed payment goes; an unsigned one only while its beneficiary is whitelisted now
            // (an entry removed since its creation makes it wait for a signature again).
            var payments: [Payment] = []
            for payment in due {
                if payment.signatureRequired && payment.isSigned(debitIBAN: account.iban) {
                    payments.append(payment)
                } else if try await PaymentService.needsSignature(payment, ownerID: ownerID, on: database) {
                    if !payment.signatureRequired {
                        payment.signatureRequired = true
                        try await payment.save(on: database)
                    }
                } else {
                    payment.signatureRequired = false
                    payments.append(payment)
                }
            }
            guard !payments.isEmpty else {
                if !due.isEmpty { throw UserFacingError(.unprocessableEntity, "payments_awaitingSignature", ["count": "\(due.count)"]) }
                throw UserFacingError(.unprocessableEntity, "payments_nothingToExecute", ["date": day.description])
            }
            let batch = PaymentBatch(
                id: "\(messageID)-1", debtorName: user.name, debtorAccount: account.iban, executionDate: day,
                transfers: try payments.map(transfer)
            )
            let xml = Pain001.document(messageID: messageID, createdAt: isoDateTime(createdAt), initiatingParty: user.name, batches: [batch])
            let file = PaymentFile(ownerID: ownerID, debitAccountID: accountID, executionDate: day.description, messageID: messageID, paymentCount: payments.count, xml: xml)
            try await file.create(on: database)
            for payment in payments {
                payment.state = .executed
                payment.$file.id = try file.requireID()
                try await payment.save(on: database)
            }
            try await AuditLog.record("payments.execute", subject: "file \(try file.requireID())", before: Optional<PaymentFileDTO>.none,
                                      after: try PaymentFileDTO(file), on: database, request: request)
            return file
        }
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
