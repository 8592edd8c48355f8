import ScanbookCore

/// The one wording of a payment problem, whichever way it leaves the server: a page, a JSON
/// answer, an XML answer, a slip that failed its checks. Language-free until shown
/// (`LocalizedProblem.text(in:)`).
extension PaymentProblem {
    /// What is wrong, naming the field.
    var localizedMessage: LocalizedProblem {
        LocalizedProblem(key: "payments_problem_\(kind.rawValue)", localizedArguments: ["field": fieldKey], field: formInput)
    }

    /// The value it should probably be, when known.
    var localizedCorrection: LocalizedProblem? {
        correctedValue.map { LocalizedProblem(key: "payments_corrected", arguments: ["value": $0], localizedArguments: ["field": fieldKey], field: formInput) }
    }

    /// The message, then the correction.
    var localized: [LocalizedProblem] { [localizedMessage] + [localizedCorrection].compactMap { $0 } }

    private var fieldKey: String { "payments_field_\(field.rawValue)" }

    /// The payment form's input for the field (`Payments/_fields.leaf`); nil for parts of a slip
    /// or payload the form has no input for.
    var formInput: String? {
        switch field {
        case .account: "beneficiaryAccount"
        case .amount, .currency, .reference, .referenceType, .message, .executionDate, .debitAccount: field.rawValue
        case .creditor, .creditorName: "beneficiaryName"
        case .creditorStreet: "beneficiaryStreet"
        case .creditorBuildingNumber: "beneficiaryBuildingNumber"
        case .creditorPostalCode: "beneficiaryPostalCode"
        case .creditorTown: "beneficiaryTown"
        case .creditorCountry: "beneficiaryCountry"
        case .billInformation, .debtor, .debtorName, .debtorStreet, .debtorBuildingNumber, .debtorPostalCode, .debtorTown, .debtorCountry,
             .ultimateCreditor, .header, .trailer, .alternativeSchemes, .codeline, .slipType, .participant: nil
        }
    }
}

extension PaymentProblems {
    static func localized(_ problems: [PaymentProblem]) -> [LocalizedProblem] {
        problems.flatMap(\.localized)
    }
}
