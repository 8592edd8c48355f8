import Fluent
import Foundation
import ScanbookCore

/// A QR-bill the user issued for their own invoice. The bill itself is its QR payload (decoded by
/// `QRBill.decode`, so what is stored is what was printed); the reference, amount and what has
/// been paid towards it are columns to look bills up and list them.
final class IssuedBill: Model, @unchecked Sendable {
    static let schema = "issued_bills"

    enum State: String, Codable, Sendable, CaseIterable {
        case open, partlyPaid, paid
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Parent(key: "account_id") var account: PaymentAccount
    /// The user's invoice number, counting from 1: what the reference is made from.
    @Field(key: "number") var number: Int
    @Field(key: "language") var language: String
    @Field(key: "reference_type") var referenceType: String
    /// Without spaces, letters upper-case (`ReceivedPayment.normalized`).
    @OptionalField(key: "reference") var reference: String?
    /// nil: the payer fills in the amount.
    @OptionalField(key: "amount_minor") var amountMinor: Int?
    @Field(key: "currency") var currency: String
    @Field(key: "paid_minor") var paidMinor: Int
    @Field(key: "payload") var payload: String
    @OptionalField(key: "debtor_name") var debtorName: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(ownerID: UUID, accountID: UUID, number: Int, language: QRBill.Language, bill: QRBill) {
        $owner.id = ownerID
        $account.id = accountID
        self.number = number
        self.language = language.rawValue
        self.referenceType = bill.referenceType.rawValue
        self.reference = bill.reference.map(ReceivedPayment.normalized)
        self.amountMinor = bill.amount?.hundredths
        self.currency = bill.currency
        self.paidMinor = 0
        self.payload = bill.payload
        self.debtorName = bill.debtor?.name
    }

    /// Open until money arrives; an open-amount bill is paid by any payment.
    var state: State {
        guard paidMinor > 0 else { return .open }
        guard let amountMinor else { return .paid }
        return paidMinor >= amountMinor ? .paid : .partlyPaid
    }

    /// The bill as printed. A stored payload is one Scanbook wrote and checked, so a failure here
    /// means the row was changed outside Scanbook.
    func decoded() throws -> QRBill {
        switch QRBill.decode(payload) {
        case .success(let bill): return bill
        case .failure: throw UserFacingError(.internalServerError, "payments_billDamaged")
        }
    }
}

extension IssuedBill: OwnedRecord { static var ownerKey: KeyPath<IssuedBill, ParentProperty<IssuedBill, User>> { \.$owner } }
