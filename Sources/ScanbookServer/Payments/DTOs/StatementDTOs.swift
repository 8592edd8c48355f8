import Foundation
import ScanbookCore
import Vapor

/// What a statement import did (or, for a preview, would do); every entry nothing explains.
struct StatementImportDTO: Content {
    struct Line: Content {
        let account: String
        let reference: String
        let amount: String
        let currency: String
        let direction: String
        let bookingDate: String?
        let reason: String
    }

    /// False for a preview: nothing was changed.
    let applied: Bool
    let entries: Int
    let booked: Int
    let returned: Int
    let notBooked: Int
    /// Credits towards the user's issued QR-bills.
    let received: Int
    let alreadyImported: Int
    let unmatched: [Line]

    init(_ outcome: BankStatements.Outcome) {
        applied = outcome.applied
        entries = outcome.entries
        booked = outcome.booked
        returned = outcome.returned
        notBooked = outcome.notBooked
        received = outcome.received
        alreadyImported = outcome.alreadyImported
        unmatched = outcome.unmatched.map {
            Line(account: $0.account, reference: $0.entry.reference, amount: Amount(hundredths: $0.entry.amountMinor).description, currency: $0.entry.currency,
                 direction: $0.entry.direction.rawValue, bookingDate: $0.entry.bookingDate, reason: $0.why.rawValue)
        }
    }
}
