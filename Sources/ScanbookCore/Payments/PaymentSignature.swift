/// What a second-factor signature covers: the debit account, the beneficiary's account, the
/// amount, the currency and the reference. The server keeps the digest of these fields when the
/// payment is signed; a payment whose fields no longer give that digest is no longer signed.
public struct SignedPaymentFields: Equatable, Sendable {
    public var debitAccount: String
    public var beneficiaryAccount: String
    public var amountHundredths: Int
    public var currency: String
    public var reference: String

    public init(debitAccount: String, beneficiaryAccount: String, amountHundredths: Int, currency: String, reference: String?) {
        self.debitAccount = debitAccount
        self.beneficiaryAccount = beneficiaryAccount
        self.amountHundredths = amountHundredths
        self.currency = currency
        self.reference = reference ?? ""
    }

    /// One unambiguous line: each field's length before it, so no two payments share a text.
    public var canonical: String {
        let fields = ["v1", debitAccount, beneficiaryAccount, String(amountHundredths), currency, reference]
        return fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
    }
}

/// An append-only log made tamper-evident: each entry's hash covers the hash before it, so
/// changing, removing or reordering an entry breaks every link after it.
public enum AuditChain {
    public typealias SHA256 = @Sendable ([UInt8]) -> [UInt8]

    /// The hash before the first entry.
    public static let genesis = String(repeating: "0", count: 64)

    public static func hash(of entry: String, after previous: String, sha256: SHA256) -> String {
        sha256(Array((previous + "\n" + entry).utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    /// The index of the first entry whose stored hash is not what the chain gives, or nil when intact.
    public static func firstBrokenLink(_ entries: [(entry: String, hash: String)], sha256: SHA256) -> Int? {
        var previous = genesis
        for (index, link) in entries.enumerated() {
            guard hash(of: link.entry, after: previous, sha256: sha256) == link.hash else { return index }
            previous = link.hash
        }
        return nil
    }
}
