import Foundation
import ScanbookCore

/// What a statement import did or would do, in words.
struct StatementPreviewView: Encodable {
    let summary: String
    let unmatched: [String]
    let applyURL: String
    let backURL = PaymentsURL.index.path
}

extension PaymentPresentation {
    static func statementPreviewPage(_ outcome: BankStatements.Outcome, applyURL: String, _ context: ServiceContext) -> StatementPreviewView {
        StatementPreviewView(
            summary: context.text("payments_statementPreview", statementCounts(outcome)),
            unmatched: outcome.unmatched.prefix(200).map { unmatchedText($0, context) }, applyURL: applyURL
        )
    }

    static func statementCounts(_ outcome: BankStatements.Outcome) -> [String: String] {
        ["booked": "\(outcome.booked)", "returned": "\(outcome.returned)", "received": "\(outcome.received)",
         "seen": "\(outcome.alreadyImported)", "unmatched": "\(outcome.unmatched.count)"]
    }

    static func unmatchedText(_ line: BankStatements.Outcome.Line, _ context: ServiceContext) -> String {
        context.text("payments_statementUnmatched_\(line.why.rawValue)", [
            "date": line.entry.bookingDate ?? "",
            "amount": "\(line.entry.currency) \(Formatting.money(Amount(hundredths: line.entry.amountMinor), locale: context.locale))",
            "reference": line.entry.reference,
        ])
    }
}
