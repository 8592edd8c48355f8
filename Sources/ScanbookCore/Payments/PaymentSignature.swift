/// What a second-factor signature covers: the debit account, the beneficiary's account, the
/// amount, the currency and the reference. The server keeps the digest of these fields when the
/// payment is signed; a payment whose fields no longer give that digest is no longer signed.
public struct SignedPaymentFields: Equatable, Sendable {
    public var debitAccount: String
    public var beneficiaryAccount: String
    public var amountHundredths: Int
    public var currency: String
    public var reference: String

    public init(debitAccount: String, beneficiaryAccount: String, amountHundredths: Int, currency: String, reference: String?) {
        self.debitAccount = debitAccount
        self.beneficiaryAccount = beneficiaryAccount
        self.amountHundredths = amountHundredths
        self.currency = currency
        self.reference = reference ?? ""
    }

    /// One unambiguous line: each field's length before it, so no two payments share a text.
    public var canonical: String {
        let fields = ["v1", debitAccount, beneficiaryAccount, String(amountHundredths), currency, reference]
        return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
    }
}
