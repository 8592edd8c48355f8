/// What a second-factor signature covers: everything of a payment that the bank receives in the
/// pain.001 file (debit account, beneficiary and their account, amount, currency, reference,
/// message, execution date). The server keeps the digest of these fields when the payment is
/// signed; a payment whose fields no longer give that digest is no longer signed.
public struct SignedPaymentFields: Equatable, Sendable {
    public var debitAccount: String
    public var beneficiaryAccount: String
    public var beneficiary: QRBill.Address
    public var amountHundredths: Int
    public var currency: String
    public var referenceType: String
    public var reference: String
    public var message: String
    /// ISO date.
    public var executionDate: String

    public init(
        debitAccount: String, beneficiaryAccount: String, beneficiary: QRBill.Address, amountHundredths: Int, currency: String,
        referenceType: String, reference: String?, message: String?, executionDate: String
    ) {
        self.debitAccount = debitAccount
        self.beneficiaryAccount = beneficiaryAccount
        self.beneficiary = beneficiary
        self.amountHundredths = amountHundredths
        self.currency = currency
        self.referenceType = referenceType
        self.reference = reference ?? ""
        self.message = message ?? ""
        self.executionDate = executionDate
    }

    /// One unambiguous line: each field's length before it, so no two payments share a text.
    /// "v2": v1 covered only accounts, amount, currency and reference, so a v1 digest never
    /// matches and payments signed before must be signed again.
    public var canonical: String {
        let address = beneficiary
        let fields = [
            "v2", debitAccount, beneficiaryAccount, address.name, address.street, address.buildingNumber, address.postalCode,
            address.town, address.country, String(amountHundredths), currency, referenceType, reference, message, executionDate,
        ]
        return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
    }
}

/// When a payment needs its own second-factor signature before it may go to the bank.
///
/// A beneficiary on a whitelist is paid without one up to the entry's per-payment limit (the
/// server's ceiling caps every limit, also ones set before the ceiling was lowered); above it, in
/// another currency than the limit's, or to a beneficiary on no whitelist, the payment needs a
/// signature. Once a payment needed one it keeps needing one until it is signed: a later change
/// that brings it under a limit does not release it, and a change to a signed payment voids the
/// signature without lowering the requirement.
public enum PaymentSignaturePolicy {
    /// A whitelist entry's cover: a per-payment limit in `currency` (nil: any currency, the
    /// limit read in the payment's own).
    public struct Cover: Equatable, Sendable {
        public var limitHundredths: Int
        public var currency: String?

        public init(limitHundredths: Int, currency: String?) {
            self.limitHundredths = limitHundredths
            self.currency = currency
        }
    }

    /// 5,000.00 in the account's currency.
    public static let defaultLimitHundredths = 500_000

    /// Whether `amountHundredths` in `currency` is covered by `cover` under `ceilingHundredths`.
    public static func covers(_ cover: Cover?, amountHundredths: Int, currency: String, ceilingHundredths: Int) -> Bool {
        guard let cover else { return false }
        if let limitCurrency = cover.currency, limitCurrency != currency { return false }
        return amountHundredths >= 0 && amountHundredths <= min(cover.limitHundredths, ceilingHundredths)
    }

    /// Whether the payment, as it is about to be stored, needs its own signature.
    /// `wasRequired`: it needed one before this change (false for a new payment).
    public static func requiresSignature(wasRequired: Bool, cover: Cover?, amountHundredths: Int, currency: String, ceilingHundredths: Int) -> Bool {
        wasRequired || !covers(cover, amountHundredths: amountHundredths, currency: currency, ceilingHundredths: ceilingHundredths)
    }
}
