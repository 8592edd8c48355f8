/// An append-only log made tamper-evident: each entry's hash covers the hash before it, so
/// changing, removing or reordering an entry breaks every link after it.
public enum AuditChain {
    public typealias SHA256 = @Sendable ([UInt8]) -> [UInt8]

    /// An entry's fields as one unambiguous text: each field's length before it.
    public static func entryText(_ fields: [String]) -> String {
        fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
    }

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
