import Foundation
import ScanbookCore
import Vapor

extension PaymentPresentation {
    static func executePage(_ preview: PaymentExecution.Preview, _ request: Request, errors: [String]) throws -> ExecutePreviewView {
        let context = request.context
        let count = preview.ready.count
        let sums = sumsByCurrency(preview.ready).map { "\($0.currency) \($0.hundredths.map { Formatting.money(hundredths: $0, locale: context.locale) } ?? "–")" }
        let counted = context.text("payments_execute_count", ["count": "\(count)"])
        let summary = ([counted] + sums).joined(separator: ", ")
        return ExecutePreviewView(
            account: "\(preview.account.name) · \(IBAN(preview.account.iban)?.formatted ?? preview.account.iban)",
            accountID: try preview.account.requireID().uuidString,
            date: Formatting.date(preview.day.description, locale: context.locale), isoDate: preview.day.description,
            payments: try preview.ready.map { try row($0, context) },
            paymentIDs: try preview.ready.map { try $0.requireID().uuidString },
            summary: summary,
            confirmLabel: context.text("payments_execute_confirm", ["summary": summary]),
            leftOut: preview.leftOut.map { $0.reason.message($0.payment, request: request) },
            errors: errors
        )
    }

    /// One sum per currency, in the order the currencies first appear; nil where the sum would
    /// not fit (it cannot for payments that passed their checks, but stored rows are not trusted).
    static func sumsByCurrency(_ payments: [Payment]) -> [(currency: String, hundredths: Int?)] {
        var sums: [(currency: String, hundredths: Int?)] = []
        for payment in payments {
            guard let index = sums.firstIndex(where: { $0.currency == payment.currency }) else {
                sums.append((payment.currency, payment.amountMinor))
                continue
            }
            sums[index].hundredths = sums[index].hundredths.flatMap { sum in
                let (total, overflow) = sum.addingReportingOverflow(payment.amountMinor)
                return overflow ? nil : total
            }
        }
        return sums
    }
}
