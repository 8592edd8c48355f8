/// A bill or slip found on a photo, in one shape whatever it was: what `scanbook slip --json`
/// prints and the payment form is filled from.
public struct Slip: Equatable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable {
        case qrBill = "qr-bill", esr, redSlip = "red-slip"
    }

    /// A problem as shown: the field, an English sentence, the corrected value if one is known.
    public struct Problem: Equatable, Sendable, Codable {
        public let field: String
        public let message: String
        public let correctedValue: String?
        /// What is wrong, for saying it in the user's language; absent from readings stored before.
        public let kind: PaymentProblem.Kind?

        public init(_ problem: PaymentProblem) {
            field = problem.field.rawValue
            message = problem.englishText
            correctedValue = problem.correctedValue
            kind = problem.kind
        }

        /// The problem as checked, when its field and kind are known.
        public var paymentProblem: PaymentProblem? {
            guard let field = PaymentProblem.Field(rawValue: field), let kind else { return nil }
            return PaymentProblem(field, kind, correctedValue: correctedValue)
        }
    }

    public var kind: Kind
    /// IBAN without spaces, or the participant number as "01-162-8"; nil when unreadable.
    public var account: String?
    public var creditor: QRBill.Address?
    public var debtor: QRBill.Address?
    /// Decimal string ("1949.75"); nil when the payer fills it in.
    public var amount: String?
    public var currency: String?
    /// QRR, SCOR or NON; ESR for orange slips.
    public var referenceType: String?
    public var reference: String?
    public var message: String?
    public var billInformation: String?
    /// A 0.00 QR-bill: information only, never a payment.
    public var notification: Bool
    public var problems: [Problem]
    /// What the bill breaks that a payment can still get past, for the person to check (a
    /// combined address split into its fields); nil when there is nothing.
    public var notes: [Problem]?

    public init(_ bill: QRBill) {
        kind = .qrBill
        account = bill.account
        creditor = bill.creditor
        debtor = bill.debtor
        amount = bill.amount?.asHundredths.description
        currency = bill.currency
        referenceType = bill.referenceType.rawValue
        reference = bill.reference
        message = bill.message
        billInformation = bill.billInformation
        notification = bill.isNotification
        problems = []
    }

    public init(_ codeline: ESRCodeline) {
        kind = .esr
        account = codeline.participant.formatted
        amount = codeline.amount?.asHundredths.description
        currency = codeline.currency
        referenceType = "ESR"
        reference = codeline.reference.digits
        notification = false
        problems = []
    }

    /// A bill or slip recognized as one but failing its checks: what is wrong, no values guessed.
    public init(kind: Kind, problems: [PaymentProblem]) {
        self.kind = kind
        notification = false
        self.problems = problems.map(Problem.init)
    }

    /// Reads a QR code's payload: a QR-bill ("SPC…") becomes a slip, with its problems if it breaks
    /// a rule; anything else is no slip (nil).
    public static func fromQRCode(_ payload: String) -> Slip? {
        guard payload.hasPrefix("SPC") else { return nil }
        switch QRBill.read(payload) {
        case .success(let (bill, flags)):
            var slip = Slip(bill)
            slip.notes = flags.isEmpty ? nil : flags.map(Problem.init)
            return slip
        case .failure(let found): return Slip(kind: .qrBill, problems: found.problems)
        }
    }

    /// Reads a codeline (typed, or one line of OCR text).
    public static func fromCodeline(_ text: String) -> Slip {
        switch ESRCodeline.read(text) {
        case .success(let reading): return Slip(reading.codeline)
        case .failure(let found): return Slip(kind: .esr, problems: found.problems)
        }
    }
}

extension PaymentProblem {
    /// The problem in English, for the command line and logs (pages word it from the locale files).
    public var englishText: String {
        let field = self.field.rawValue
        switch kind {
        case .missing: return "\(field) is missing"
        case .invalidCharacters: return "\(field) holds characters it may not"
        case .tooLong: return "\(field) is too long"
        case .wrongLength: return "\(field) has the wrong length"
        case .wrongFormat: return "\(field) is not in the expected format"
        case .checkDigit: return "\(field): the check digit does not match"
        case .unknownCountry: return "\(field): unknown country code"
        case .notSwiss: return "\(field) must be a Swiss or Liechtenstein IBAN"
        case .qrIBANNeedsQRReference: return "a QR-IBAN takes only a QR reference"
        case .qrReferenceNeedsQRIBAN: return "a QR reference needs a QR-IBAN"
        case .referenceNotAllowed: return "no reference may be given with type NON"
        case .combinedAddress: return "\(field): a combined address (type K) that cannot be split into street, number, postal code and town"
        case .combinedAddressSplit: return "\(field): a combined address (type K, refused by banks since November 2025) was split into its fields; check them"
        case .outOfRange: return "\(field) is out of range"
        case .unsupportedCurrency: return "only CHF and EUR are allowed"
        case .unsupportedVersion: return "unsupported QR-bill version"
        case .notEmpty: return "\(field) must be empty"
        case .unknownType: return "\(field): unknown type"
        }
    }
}
