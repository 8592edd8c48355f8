import Foundation
import ScanbookCore
import Vapor

struct PaymentAccountDTO: Content {
    let id: UUID
    let name: String
    let iban: String
    let currency: String
    let isDefault: Bool

    init(_ account: PaymentAccount) throws {
        id = try account.requireID()
        name = account.name
        iban = account.iban
        currency = account.currency
        isDefault = account.isDefault
    }
}

struct PaymentDTO: Content {
    let id: UUID
    let kind: String
    let debitAccount: UUID
    let beneficiary: QRBill.Address
    let beneficiaryAccount: String
    let amount: String
    let currency: String
    let referenceType: String
    let reference: String?
    let message: String?
    let executionDate: String
    let state: String
    let rejectionReason: String?
    /// The day a bank statement showed it booked, and the bank's reference of that entry.
    let bookedOn: String?
    let bankReference: String?
    let file: UUID?
    /// The beneficiary is on no whitelist: executed only once signed.
    let signatureRequired: Bool
    /// Signed, and nothing the signature covers changed since.
    let signed: Bool
    /// SHA-256 of what a signature covers, as stored now: sent back with a signature
    /// (`contentDigest` of `POST /payments/{id}/sign`), it refuses to sign a payment changed since.
    let contentDigest: String
    /// Created → signed → in file → booked or rejected, with dates: only where one payment is
    /// shown (not in lists or the audit log).
    let life: [PaymentLifeStep]?
    /// Only in the answer that made the payment: an earlier payment it probably repeats.
    let possibleDuplicate: PossibleDuplicateDTO?

    init(_ payment: Payment, life: Bool = false, possibleDuplicate: PossibleDuplicateDTO? = nil) throws {
        id = try payment.requireID()
        kind = payment.kind
        debitAccount = payment.$debitAccount.id
        beneficiary = payment.beneficiary
        beneficiaryAccount = payment.beneficiaryAccount
        amount = payment.amount.description
        currency = payment.currency
        referenceType = payment.referenceType
        reference = payment.reference
        message = payment.message
        executionDate = payment.executionDate
        state = payment.state.rawValue
        rejectionReason = payment.rejectionReason
        bookedOn = payment.bookedOn
        bankReference = payment.bankReference
        file = payment.$file.id
        signatureRequired = payment.signatureRequired
        signed = payment.$debitAccount.value.map { payment.isSigned(debitIBAN: $0.iban) } ?? false
        contentDigest = payment.contentDigest
        self.life = life ? payment.life : nil
        self.possibleDuplicate = possibleDuplicate
    }
}

struct PossibleDuplicateDTO: Content {
    let payment: UUID
    let reason: PaymentDuplicates.Reason
    let createdAt: Date?

    init(_ earlier: Payment, repeating payment: Payment) throws {
        self.payment = try earlier.requireID()
        reason = PaymentDuplicates.reason(earlier, repeating: payment)
        createdAt = earlier.createdAt
    }
}

struct PaymentFileDTO: Content {
    let id: UUID
    let debitAccount: UUID
    let executionDate: String
    let messageID: String
    let paymentCount: Int
    let download: String

    init(_ file: PaymentFile) throws {
        id = try file.requireID()
        debitAccount = file.$debitAccount.id
        executionDate = file.executionDate
        messageID = file.messageID
        paymentCount = file.paymentCount
        download = PaymentsAPIRoute.file(id: id).path
    }
}

/// What `POST /payments/execute` answers: the file, and the day's payments left out of it with
/// the reason (unsigned, changed since signed, no longer covered by a whitelist).
struct PaymentExecutionDTO: Content {
    struct LeftOut: Content {
        let payment: UUID
        let reason: String
        /// The reason in the user's language.
        let message: String
    }

    let id: UUID
    let debitAccount: UUID
    let executionDate: String
    let messageID: String
    let paymentCount: Int
    let download: String
    let leftOut: [LeftOut]

    init(_ outcome: PaymentExecution.Outcome, request: Request) throws {
        let file = try PaymentFileDTO(outcome.file)
        (id, debitAccount, executionDate, messageID) = (file.id, file.debitAccount, file.executionDate, file.messageID)
        (paymentCount, download) = (file.paymentCount, file.download)
        leftOut = try outcome.leftOut.map { item in
            LeftOut(payment: try item.payment.requireID(), reason: item.reason.rawValue, message: item.reason.message(item.payment, request: request))
        }
    }
}

extension PaymentExecution.LeftOutReason {
    func message(_ payment: Payment, request: Request) -> String {
        request.text("payments_leftOut_\(rawValue)", [
            "name": payment.beneficiaryName, "amount": "\(payment.currency) \(payment.amount.description)",
        ])
    }
}

/// A slip photo's reading: `slips` (the first one first, empty when the photo shows none) once
/// `status` is `done`; `error` when the photo could not be read.
struct SlipReadingDTO: Content {
    let id: UUID
    let status: Capture.Status
    let error: String?
    let slips: [Slip]?

    init(_ capture: Capture) throws {
        id = try capture.requireID()
        status = capture.status
        error = capture.error
        slips = PaymentSlips.slips(of: capture)
    }
}
