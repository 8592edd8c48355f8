import ScanbookCore

/// The one wording of a payment problem, whichever way it leaves the server: a page, a JSON
/// answer, an XML answer, a slip that failed its checks. Language-free until shown
/// (`LocalizedProblem.text(in:)`).
extension PaymentProblem {
    /// What is wrong, naming the field.
    var localizedMessage: LocalizedProblem {
        LocalizedProblem(key: "payments_problem_\(kind.rawValue)", localizedArguments: ["field": fieldKey])
    }

    /// The value it should probably be, when known.
    var localizedCorrection: LocalizedProblem? {
        correctedValue.map { LocalizedProblem(key: "payments_corrected", arguments: ["value": $0], localizedArguments: ["field": fieldKey]) }
    }

    /// The message, then the correction.
    var localized: [LocalizedProblem] { [localizedMessage] + [localizedCorrection].compactMap { $0 } }

    private var fieldKey: String { "payments_field_\(field.rawValue)" }
}

extension PaymentProblems {
    static func localized(_ problems: [PaymentProblem]) -> [LocalizedProblem] {
        problems.flatMap(\.localized)
    }
}
