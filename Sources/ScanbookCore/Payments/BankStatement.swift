/// What a bank statement (camt.053) or debit/credit notification (camt.054) says happened on an
/// account, entry by entry, as far as Scanbook follows payments: versions .001.04 and .001.08 as
/// Swiss banks deliver them (Swiss Payment Standards) carry the same elements for this.
public struct BankStatement: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case statement = "camt.053", notification = "camt.054"
    }

    public struct Entry: Equatable, Sendable {
        public enum Direction: String, Sendable {
            case debit = "DBIT", credit = "CRDT"
        }

        /// The bank's reference of the entry (`AcctSvcrRef`, else `NtryRef`): with the account, what
        /// identifies it, so the same entry imported twice changes nothing the second time.
        public let reference: String
        public let amountMinor: Int
        public let currency: String
        public let direction: Direction
        /// `BOOK`; pending (`PDNG`) and informational entries change nothing.
        public let isBooked: Bool
        /// An entry reversing an earlier one (`RvslInd`): the money came back.
        public let isReversal: Bool
        /// YYYY-MM-DD.
        public let bookingDate: String?
        /// The batch's message id (`NtryDtls/Btch/MsgId`): the pain.001 file a collective booking paid.
        public let batchMessageID: String?
        public let transactions: [Transaction]

        public init(reference: String, amountMinor: Int, currency: String, direction: Direction, isBooked: Bool, isReversal: Bool,
                    bookingDate: String?, batchMessageID: String?, transactions: [Transaction]) {
            self.reference = reference
            self.amountMinor = amountMinor
            self.currency = currency
            self.direction = direction
            self.isBooked = isBooked
            self.isReversal = isReversal
            self.bookingDate = bookingDate
            self.batchMessageID = batchMessageID
            self.transactions = transactions
        }
    }

    /// One payment inside an entry (`NtryDtls/TxDtls`).
    public struct Transaction: Equatable, Sendable {
        public let endToEndID: String?
        public let messageID: String?
        /// The transaction's own amount, when the entry books several.
        public let amountMinor: Int?
        /// A returned payment's reason code (`RtrInf/Rsn/Cd`, e.g. AC04).
        public let returnReason: String?
        /// The structured reference a payer gave (`RmtInf/Strd/CdtrRefInf/Ref`): the QRR or SCOR
        /// reference of a bill the account holder issued.
        public let creditorReference: String?

        public init(endToEndID: String?, messageID: String?, amountMinor: Int?, returnReason: String?, creditorReference: String? = nil) {
            self.endToEndID = endToEndID
            self.messageID = messageID
            self.amountMinor = amountMinor
            self.returnReason = returnReason
            self.creditorReference = creditorReference
        }
    }

    public let kind: Kind
    /// The statement's account, an IBAN without spaces.
    public let account: String
    public let entries: [Entry]

    public init(kind: Kind, account: String, entries: [Entry]) {
        self.kind = kind
        self.account = account
        self.entries = entries
    }
}

/// A payment Scanbook handed to the bank, as a statement is matched against it.
public struct HandedPayment: Equatable, Sendable {
    public let id: String
    /// The pain.001 transaction's `EndToEndId`.
    public let endToEndID: String
    /// The `MsgId` of the pain.001 file it went in.
    public let fileMessageID: String
    public let amountMinor: Int
    public let currency: String

    public init(id: String, endToEndID: String, fileMessageID: String, amountMinor: Int, currency: String) {
        self.id = id
        self.endToEndID = endToEndID
        self.fileMessageID = fileMessageID
        self.amountMinor = amountMinor
        self.currency = currency
    }
}

/// What one statement entry means for the payments Scanbook handed to the bank.
public enum StatementMatch: Equatable, Sendable {
    /// The bank booked these payments on that day.
    case booked(paymentIDs: [String], on: String?)
    /// The money came back (a reversal or a return): the payments were not carried out.
    case returned(paymentIDs: [String], reason: String)
    /// Nothing here corresponds to it; kept in the list, never dropped.
    case unmatched(Unmatched)
    /// Money received for bills the user issued: each reference with the amount paid towards it.
    case received([ReceivedPayment])
    /// Not booked yet (pending, informational): it changes nothing.
    case notBooked

    public enum Unmatched: String, Equatable, Sendable {
        /// Money received without the reference of a bill the user issued.
        case credit
        /// A debit no handed payment explains (by end-to-end id, or by file and amount).
        case unknownDebit
        /// A debit of a file whose sum differs from the entry's amount.
        case amountDiffers
    }
}

extension BankStatement {
    /// Each entry matched: a debit's transactions by end-to-end id, else a collective booking by
    /// its file's message id when the file's payments add up to the entry's amount in its
    /// currency; a reversal or a transaction with a return reason returns them.
    ///
    /// A credit's transactions are matched by their structured reference to `issuedReferences`
    /// (compared without spaces, letters upper-case); each pays its own amount, or the entry's
    /// when it has one transaction.
    public func match(against payments: [HandedPayment], issuedReferences: Set<String> = []) -> [StatementMatch] {
        let byEndToEnd = Dictionary(payments.map { ($0.endToEndID, $0) }, uniquingKeysWith: { first, _ in first })
        let byFile = Dictionary(grouping: payments, by: \.fileMessageID)
        return entries.map { entry in
            guard entry.isBooked else { return .notBooked }
            // A debit that is reversed comes back as a credit entry with the reversal flag.
            guard entry.direction == .debit || entry.isReversal else { return Self.received(entry, issuedReferences) }
            var found = entry.transactions.compactMap { $0.endToEndID.flatMap { byEndToEnd[$0] } }
            if found.isEmpty, let file = entry.batchMessageID ?? entry.transactions.lazy.compactMap(\.messageID).first,
               let filePayments = byFile[file] {
                let sum = filePayments.filter { $0.currency == entry.currency }.reduce(0) { $0 &+ $1.amountMinor }
                guard sum == entry.amountMinor, filePayments.allSatisfy({ $0.currency == entry.currency }) else {
                    return .unmatched(.amountDiffers)
                }
                found = filePayments
            }
            guard !found.isEmpty else { return .unmatched(.unknownDebit) }
            let ids = found.map(\.id)
            let returnReason = entry.transactions.lazy.compactMap(\.returnReason).first
            if entry.isReversal || returnReason != nil {
                return .returned(paymentIDs: ids, reason: returnReason ?? "reversal")
            }
            return .booked(paymentIDs: ids, on: entry.bookingDate)
        }
    }

    private static func received(_ entry: Entry, _ issued: Set<String>) -> StatementMatch {
        let payments = entry.transactions.compactMap { transaction -> ReceivedPayment? in
            guard let reference = transaction.creditorReference.map(ReceivedPayment.normalized), issued.contains(reference) else { return nil }
            guard let amount = transaction.amountMinor ?? (entry.transactions.count == 1 ? entry.amountMinor : nil) else { return nil }
            return ReceivedPayment(reference: reference, amountMinor: amount, currency: entry.currency)
        }
        return payments.isEmpty ? .unmatched(.credit) : .received(payments)
    }
}

/// Money a statement says arrived for one issued bill.
public struct ReceivedPayment: Equatable, Sendable {
    public let reference: String
    public let amountMinor: Int
    public let currency: String

    public init(reference: String, amountMinor: Int, currency: String) {
        self.reference = reference
        self.amountMinor = amountMinor
        self.currency = currency
    }

    /// A reference as bills are looked up by it: no spaces, upper case.
    public static func normalized(_ reference: String) -> String {
        String(reference.filter { !$0.isWhitespace }).uppercased()
    }
}
