import Fluent
import Foundation
import Vapor

/// An earlier payment the new one probably repeats: the same bill (same beneficiary account and
/// reference, at any time), or the same beneficiary account, amount and currency within 30 days.
/// A rejected payment does not count: paying it again is the point. The page asks before making
/// such a payment; the API makes it and names the earlier one (`possibleDuplicate`), so a client
/// that states what it wants is never refused but can still tell its user.
enum PaymentDuplicates {
    static let window: TimeInterval = 30 * 86_400

    static func earlier(than payment: Payment, on context: ServiceContext) async throws -> Payment? {
        func candidates() -> QueryBuilder<Payment> {
            let query = Payment.query(on: context.db).filter(\.$owner.$id == payment.$owner.id).filter(\.$state != .rejected)
                .filter(\.$beneficiaryAccount == payment.beneficiaryAccount).sort(\.$createdAt, .descending)
            // Asked after the payment was made (the API), it is not its own duplicate.
            if let id = payment.id { query.filter(\.$id != id) }
            return query
        }
        if let reference = payment.reference, !reference.isEmpty,
           let sameBill = try await candidates().filter(\.$reference == reference).first() {
            return sameBill
        }
        return try await candidates().filter(\.$amountMinor == payment.amountMinor).filter(\.$currency == payment.currency)
            .filter(\.$createdAt >= context.now.addingTimeInterval(-window)).first()
    }

    /// Why `earlier` looks like the same payment.
    enum Reason: String, Codable, Sendable {
        case sameReference, samePayeeAndAmount
    }

    static func reason(_ earlier: Payment, repeating payment: Payment) -> Reason {
        earlier.reference != nil && earlier.reference == payment.reference ? .sameReference : .samePayeeAndAmount
    }

    /// The page's warning, shown beside its "Pay it anyway" box.
    static func warning(_ earlier: Payment, repeating payment: Payment, locale: String) -> LocalizedProblem {
        LocalizedProblem(key: reason(earlier, repeating: payment) == .sameReference ? "payments_duplicateReference" : "payments_duplicatePayee", arguments: [
            "name": earlier.beneficiaryName.isEmpty ? PaymentPresentation.accountText(earlier.beneficiaryAccount) : earlier.beneficiaryName,
            "amount": "\(earlier.currency) \(Formatting.money(earlier.amount, locale: locale))",
            "date": Formatting.date(earlier.executionDate, locale: locale),
        ], field: "duplicateConfirmed")
    }
}
