/// A bank's answer to a pain.001 file (pain.002, Swiss Payment Standards): the file, each payment
/// block and each transaction accepted or rejected, with ISO 20022 reason codes.
public struct PaymentStatusReport: Equatable, Sendable {
    public struct Reason: Equatable, Sendable {
        public let code: String?
        public let text: [String]

        public init(code: String?, text: [String]) {
            self.code = code
            self.text = text
        }

        /// "AC01 (account number incorrect): IBAN unknown".
        public var description: String {
            let head = code.map { code in ISO20022Reason.meaning(of: code).map { "\(code) (\($0))" } ?? code }
            let tail = text.joined(separator: " ")
            return [head, tail.isEmpty ? nil : tail].compactMap { $0 }.joined(separator: ": ")
        }
    }

    public struct Transaction: Equatable, Sendable {
        public let endToEndID: String
        public let status: String
        public let reason: Reason?

        public init(endToEndID: String, status: String, reason: Reason?) {
            self.endToEndID = endToEndID
            self.status = status
            self.reason = reason
        }
    }

    public struct Block: Equatable, Sendable {
        public let status: String?
        public let reason: Reason?
        public let transactions: [Transaction]

        public init(status: String?, reason: Reason?, transactions: [Transaction]) {
            self.status = status
            self.reason = reason
            self.transactions = transactions
        }
    }

    /// The `MsgId` of the pain.001 file this report answers.
    public let originalMessageID: String
    public let groupStatus: String?
    public let groupReason: Reason?
    public let blocks: [Block]

    public init(originalMessageID: String, groupStatus: String?, groupReason: Reason?, blocks: [Block]) {
        self.originalMessageID = originalMessageID
        self.groupStatus = groupStatus
        self.groupReason = groupReason
        self.blocks = blocks
    }

    /// Which of the file's transactions (by end-to-end id) the bank rejected, and why: the whole
    /// file, a whole block (a file holds one block per account and day), or one transaction.
    public func rejections(of endToEndIDs: [String]) -> [String: Reason] {
        let fallback = Reason(code: nil, text: [])
        if groupStatus == "RJCT" {
            return Dictionary(endToEndIDs.map { ($0, groupReason ?? fallback) }, uniquingKeysWith: { first, _ in first })
        }
        var rejected: [String: Reason] = [:]
        for block in blocks {
            if block.status == "RJCT" {
                let named = Set(block.transactions.map(\.endToEndID))
                // A rejected block without transactions rejects every payment of the file's (only) block.
                for id in named.isEmpty ? Set(endToEndIDs) : named where endToEndIDs.contains(id) {
                    rejected[id] = block.transactions.first { $0.endToEndID == id }?.reason ?? block.reason ?? fallback
                }
            }
            for transaction in block.transactions where transaction.status == "RJCT" && endToEndIDs.contains(transaction.endToEndID) {
                rejected[transaction.endToEndID] = transaction.reason ?? block.reason ?? fallback
            }
        }
        return rejected
    }
}

/// The meaning of the ISO 20022 status reason codes Swiss banks send most.
public enum ISO20022Reason {
    public static func meaning(of code: String) -> String? {
        [
            "AC01": "account number incorrect", "AC04": "account closed", "AC06": "account blocked",
            "AG01": "transaction forbidden on this account", "AG02": "invalid bank operation code",
            "AM01": "amount zero", "AM02": "amount not allowed", "AM04": "insufficient funds", "AM05": "duplicate",
            "BE01": "beneficiary inconsistent with the account", "BE04": "beneficiary address missing",
            "CH16": "content not as the rules require", "CURR": "currency incorrect", "DT01": "date invalid",
            "DU01": "duplicate message", "FF01": "file format invalid", "MS03": "reason not specified",
            "NARR": "see the text", "RC01": "bank identifier incorrect", "RR01": "debtor account or identification missing",
            "RR02": "debtor name or address missing", "RR03": "creditor name or address missing", "RR04": "regulatory reason",
        ][code]
    }
}
