/// What is wrong with one field of a payment or slip, and the corrected value when one can be
/// computed (spacing, case, a check digit that is the only possible one). The server words it in
/// the user's language from `field` and `kind`.
public struct PaymentProblem: Error, Equatable, Sendable, Codable {
    public enum Field: String, Sendable, Codable, CaseIterable {
        case account, amount, currency, reference, referenceType, message, billInformation
        case creditor, creditorName, creditorStreet, creditorBuildingNumber, creditorPostalCode, creditorTown, creditorCountry
        case debtor, debtorName, debtorStreet, debtorBuildingNumber, debtorPostalCode, debtorTown, debtorCountry
        case ultimateCreditor, header, trailer, alternativeSchemes
        case codeline, slipType, participant, executionDate, debitAccount
    }

    public enum Kind: String, Sendable, Codable {
        case missing, invalidCharacters, tooLong, wrongLength, wrongFormat, checkDigit, unknownCountry
        case notSwiss, qrIBANNeedsQRReference, qrReferenceNeedsQRIBAN, referenceNotAllowed, combinedAddress, combinedAddressSplit
        case outOfRange, unsupportedCurrency, unsupportedVersion, notEmpty, unknownType
    }

    public let field: Field
    public let kind: Kind
    public let correctedValue: String?

    public init(_ field: Field, _ kind: Kind, correctedValue: String? = nil) {
        self.field = field
        self.kind = kind
        self.correctedValue = correctedValue
    }
}

/// Every problem found in one payment, slip or payload, in field order.
public struct PaymentProblems: Error, Equatable, Sendable {
    public let problems: [PaymentProblem]

    public init(_ problems: [PaymentProblem]) {
        self.problems = problems
    }
}
