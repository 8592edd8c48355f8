import Testing
@testable import ScanbookCore

/// Statement entries matched to the payments handed to the bank: by end-to-end id, a collective
/// booking by its file and sum; returns and reversals; what nothing explains stays listed.
@Suite struct BankStatementMatchTests {
    static let handed = [
        HandedPayment(id: "a", endToEndID: "E2E-A", fileMessageID: "FILE-1", amountMinor: 10_000, currency: "CHF"),
        HandedPayment(id: "b", endToEndID: "E2E-B", fileMessageID: "FILE-2", amountMinor: 800, currency: "CHF"),
        HandedPayment(id: "c", endToEndID: "E2E-C", fileMessageID: "FILE-2", amountMinor: 1_000, currency: "CHF"),
    ]

    static func entry(_ amount: Int, _ direction: BankStatement.Entry.Direction = .debit, booked: Bool = true, reversal: Bool = false,
                      batch: String? = nil, transactions: [BankStatement.Transaction] = []) -> BankStatement.Entry {
        .init(reference: "R\(amount)", amountMinor: amount, currency: "CHF", direction: direction, isBooked: booked, isReversal: reversal,
              bookingDate: "2026-11-30", batchMessageID: batch, transactions: transactions)
    }

    static func transaction(_ endToEnd: String?, returnReason: String? = nil) -> BankStatement.Transaction {
        .init(endToEndID: endToEnd, messageID: nil, amountMinor: nil, returnReason: returnReason)
    }

    @Test func eachEntryIsMatchedOrListed() {
        let statement = BankStatement(kind: .notification, account: "CH9300762011623852957", entries: [
            Self.entry(10_000, transactions: [Self.transaction("E2E-A")]),
            Self.entry(1_800, batch: "FILE-2"),
            Self.entry(1_700, batch: "FILE-2"),
            Self.entry(5_000, .credit),
            Self.entry(999, transactions: [Self.transaction("E2E-UNKNOWN")]),
            Self.entry(10_000, booked: false, transactions: [Self.transaction("E2E-A")]),
            Self.entry(1_000, .credit, reversal: true, transactions: [Self.transaction("E2E-C", returnReason: "AC04")]),
            Self.entry(800, transactions: [Self.transaction("E2E-B", returnReason: "MS03")]),
        ])
        #expect(statement.match(against: Self.handed) == [
            .booked(paymentIDs: ["a"], on: "2026-11-30"),
            .booked(paymentIDs: ["b", "c"], on: "2026-11-30"),
            .unmatched(.amountDiffers),
            .unmatched(.credit),
            .unmatched(.unknownDebit),
            .notBooked,
            .returned(paymentIDs: ["c"], reason: "AC04"),
            .returned(paymentIDs: ["b"], reason: "MS03"),
        ])
    }

    @Test func aCollectiveBookingInAnotherCurrencyIsNotTaken() {
        let euros = BankStatement.Entry(reference: "X", amountMinor: 1_800, currency: "EUR", direction: .debit, isBooked: true, isReversal: false,
                                        bookingDate: nil, batchMessageID: "FILE-2", transactions: [])
        #expect(BankStatement(kind: .statement, account: "CH9300762011623852957", entries: [euros]).match(against: Self.handed) == [.unmatched(.amountDiffers)])
    }
}
