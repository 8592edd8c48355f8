/// A payment as a person or a client typed it, before checking: every field text.
public struct PaymentDraft: Equatable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case qrBill = "qr-bill", esr, redSlip = "red-slip", domestic, foreign, bank, ownTransfer = "own-transfer"
    }

    public var kind: Kind
    public var debitAccount: String
    public var beneficiaryAccount: String
    public var beneficiary: QRBill.Address?
    public var amount: String
    public var currency: String
    /// QRR, SCOR or NON; an orange slip's reference needs none.
    public var referenceType: String
    public var reference: String
    public var message: String
    /// ISO date ("2026-11-26").
    public var executionDate: String

    public init(
        kind: Kind, debitAccount: String, beneficiaryAccount: String, beneficiary: QRBill.Address? = nil, amount: String,
        currency: String = "CHF", referenceType: String = "NON", reference: String = "", message: String = "", executionDate: String
    ) {
        self.kind = kind
        self.debitAccount = debitAccount
        self.beneficiaryAccount = beneficiaryAccount
        self.beneficiary = beneficiary
        self.amount = amount
        self.currency = currency
        self.referenceType = referenceType
        self.reference = reference
        self.message = message
        self.executionDate = executionDate
    }
}

/// A payment that passed every check, its fields in their stored form.
public struct CheckedPayment: Equatable, Sendable {
    public let kind: PaymentDraft.Kind
    public let debitAccount: IBAN
    /// IBAN without spaces, or the participant number's nine digits for slips.
    public let beneficiaryAccount: String
    public let beneficiary: QRBill.Address?
    public let amount: Amount
    public let currency: String
    /// QRR, SCOR, NON, or ESR for an orange slip.
    public let referenceType: String
    public let reference: String?
    public let message: String?
    public let executionDate: CalendarDate
}

extension PaymentDraft {
    /// A beneficiary account as typed, in stored form: a participant number ("01-162-8" →
    /// "010001628") when it looks like one, else an IBAN of any country without spaces.
    public static func storedAccount(_ text: String) -> Result<String, PaymentProblem> {
        let compact = text.filter { !$0.isWhitespace }
        if !compact.isEmpty, compact.count <= 11, compact.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
            return ParticipantNumber.parse(compact).map(\.digits).mapError { PaymentProblem(.account, $0.kind, correctedValue: $0.correctedValue) }
        }
        return IBAN.parse(compact).map(\.electronic).mapError { PaymentProblem(.account, $0.kind, correctedValue: $0.correctedValue) }
    }
}
