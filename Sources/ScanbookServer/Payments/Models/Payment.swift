import Fluent
import ScanbookCore
import Vapor

/// A payment order: from one of the user's accounts to a beneficiary, on a day. Pending ones may
/// be changed or deleted; executing hands them to the bank in a pain.001 file.
final class Payment: Model, @unchecked Sendable {
    static let schema = "payments"

    enum State: String, Codable, Sendable, CaseIterable {
        /// Handed to the bank in a file; `booked` once a statement shows the bank booked it.
        case pending, executed, booked, rejected
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Parent(key: "debit_account_id") var debitAccount: PaymentAccount
    /// `PaymentDraft.Kind`.
    @Field(key: "kind") var kind: String
    @Field(key: "beneficiary_name") var beneficiaryName: String
    @Field(key: "beneficiary_street") var beneficiaryStreet: String
    @Field(key: "beneficiary_building_number") var beneficiaryBuildingNumber: String
    @Field(key: "beneficiary_postal_code") var beneficiaryPostalCode: String
    @Field(key: "beneficiary_town") var beneficiaryTown: String
    @Field(key: "beneficiary_country") var beneficiaryCountry: String
    /// IBAN without spaces, or a participant number's nine digits.
    @Field(key: "beneficiary_account") var beneficiaryAccount: String
    /// Hundredths of `currency`.
    @Field(key: "amount_minor") var amountMinor: Int
    @Field(key: "currency") var currency: String
    /// QRR, SCOR, NON, or ESR for an orange slip.
    @Field(key: "reference_type") var referenceType: String
    @OptionalField(key: "reference") var reference: String?
    @OptionalField(key: "message") var message: String?
    /// ISO date.
    @Field(key: "execution_date") var executionDate: String
    @Field(key: "state") var state: State
    @OptionalField(key: "rejection_reason") var rejectionReason: String?
    /// The day the bank booked it (YYYY-MM-DD) and its reference, from an imported statement.
    @OptionalField(key: "booked_on") var bookedOn: String?
    @OptionalField(key: "bank_reference") var bankReference: String?
    /// Executed only once signed with a second factor: the beneficiary was on no whitelist, or the
    /// amount above the entry's limit, when the payment was created or changed. Never lowered
    /// until the payment is signed (`PaymentSignaturePolicy`).
    @Field(key: "signature_required") var signatureRequired: Bool
    /// SHA-256 of the `SignedPaymentFields` the user signed; voided by changing any of them.
    @OptionalField(key: "signed_digest") var signedDigest: String?
    @OptionalField(key: "signed_at") var signedAt: Date?
    /// The pain.001 file it went to the bank in.
    @OptionalParent(key: "file_id") var file: PaymentFile?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(ownerID: UUID, checked: CheckedPayment, debitAccountID: UUID) {
        self.$owner.id = ownerID
        state = .pending
        signatureRequired = false
        apply(checked, debitAccountID: debitAccountID)
    }

    func apply(_ checked: CheckedPayment, debitAccountID: UUID) {
        $debitAccount.id = debitAccountID
        kind = checked.kind.rawValue
        let address = checked.beneficiary
        beneficiaryName = address?.name ?? ""
        beneficiaryStreet = address?.street ?? ""
        beneficiaryBuildingNumber = address?.buildingNumber ?? ""
        beneficiaryPostalCode = address?.postalCode ?? ""
        beneficiaryTown = address?.town ?? ""
        beneficiaryCountry = address?.country ?? ""
        beneficiaryAccount = checked.beneficiaryAccount
        amountMinor = checked.amount.hundredths
        currency = checked.currency
        referenceType = checked.referenceType
        reference = checked.reference
        message = checked.message
        executionDate = checked.executionDate.description
    }

    var amount: Amount { Amount(minorUnits: amountMinor, decimals: 2) }

    /// What a signature covers, as stored now (`debitIBAN`: the debit account's IBAN): every field
    /// the bank receives.
    func signedFields(debitIBAN: String) -> SignedPaymentFields {
        SignedPaymentFields(
            debitAccount: debitIBAN, beneficiaryAccount: beneficiaryAccount, beneficiary: beneficiary, amountHundredths: amountMinor,
            currency: currency, referenceType: referenceType, reference: reference, message: message, executionDate: executionDate
        )
    }

    /// The digest of what a signature would cover now (needs the debit account loaded).
    var contentDigest: String {
        PaymentSigning.digest(signedFields(debitIBAN: $debitAccount.value?.iban ?? ""))
    }

    /// Signed, and nothing the signature covers changed since.
    func isSigned(debitIBAN: String) -> Bool {
        signedDigest.map { $0 == PaymentSigning.digest(signedFields(debitIBAN: debitIBAN)) } ?? false
    }

    /// Whether execution may hand it to the bank as far as its signature goes (the whitelist is
    /// checked again at execution for payments that need none).
    func isReady(debitIBAN: String) -> Bool {
        !signatureRequired || isSigned(debitIBAN: debitIBAN)
    }

    /// The row as stored now, with its debit account, read inside the caller's transaction
    /// (after the owner's payment lock), so a decision or an audit entry rests on what is written,
    /// not on a copy read before a concurrent change.
    static func stored(_ id: UUID, on database: any Database) async throws -> Payment {
        guard let payment = try await Payment.query(on: database).filter(\.$id == id).with(\.$debitAccount).first() else {
            throw Abort(.notFound)
        }
        return payment
    }

    var beneficiary: QRBill.Address {
        QRBill.Address(
            name: beneficiaryName, street: beneficiaryStreet, buildingNumber: beneficiaryBuildingNumber,
            postalCode: beneficiaryPostalCode, town: beneficiaryTown, country: beneficiaryCountry
        )
    }
}

extension Payment: OwnedRecord { static var ownerKey: KeyPath<Payment, ParentProperty<Payment, User>> { \.$owner } }
