/// A Swiss QR-bill (Swiss Implementation Guidelines 2.2/2.3, payload "SPC" version 0200): who is
/// paid, how much, with which reference. `decode` checks every rule; `payload` writes it back.
public struct QRBill: Equatable, Sendable, Codable {
    /// A structured address (type S); combined addresses (type K) are refused since IG 2.3.
    public struct Address: Equatable, Sendable, Codable {
        public var name: String
        public var street: String
        public var buildingNumber: String
        public var postalCode: String
        public var town: String
        /// ISO 3166 alpha-2.
        public var country: String

        public init(name: String, street: String = "", buildingNumber: String = "", postalCode: String, town: String, country: String) {
            self.name = name
            self.street = street
            self.buildingNumber = buildingNumber
            self.postalCode = postalCode
            self.town = town
            self.country = country
        }

        /// The seven payload elements of a structured address: type S, name, street, building
        /// number, postal code, town, country.
        var payloadFields: [String] { ["S", name, street, buildingNumber, postalCode, town, country] }
    }

    public enum ReferenceType: String, Sendable, Codable {
        /// QR reference (27 digits), only with a QR-IBAN.
        case qr = "QRR"
        /// ISO 11649 creditor reference, only with an ordinary IBAN.
        case creditor = "SCOR"
        /// No reference.
        case none = "NON"
    }

    /// The creditor's IBAN or QR-IBAN, without spaces.
    public var account: String
    public var creditor: Address
    /// nil: the payer fills it in. 0.00 only on a notification ("DO NOT USE FOR PAYMENT").
    public var amount: Amount?
    /// CHF or EUR.
    public var currency: String
    public var debtor: Address?
    public var referenceType: ReferenceType
    public var reference: String?
    /// The unstructured message (≤ 140 characters together with the bill information).
    public var message: String?
    public var billInformation: String?
    /// Up to two alternative schemes (eBill, …), each ≤ 100 characters.
    public var alternativeSchemes: [String]

    public init(
        account: String, creditor: Address, amount: Amount?, currency: String, debtor: Address? = nil,
        referenceType: ReferenceType, reference: String? = nil, message: String? = nil, billInformation: String? = nil,
        alternativeSchemes: [String] = []
    ) {
        self.account = account
        self.creditor = creditor
        self.amount = amount
        self.currency = currency
        self.debtor = debtor
        self.referenceType = referenceType
        self.reference = reference
        self.message = message
        self.billInformation = billInformation
        self.alternativeSchemes = alternativeSchemes
    }

    /// A bill for 0.00 only tells the payer something; it must never become a payment.
    public var isNotification: Bool { amount?.hundredths == 0 }

    /// Largest amount a QR-bill may carry: 999,999,999.99.
    public static let maximumHundredths = 99_999_999_999
}
