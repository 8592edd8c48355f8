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

extension AuditChain {
    /// The head: the sequence and hash of the last entry, kept apart from the entries and sealed
    /// with the server's key, so an end cut off (or entries appended without the key) shows.
    /// `sealedFrom`: the first entry that carries a seal; those before were written before seals.
    public struct Head: Equatable, Sendable {
        public var sequence: Int
        public var hash: String
        public var sealedFrom: Int

        public init(sequence: Int, hash: String, sealedFrom: Int) {
            self.sequence = sequence
            self.hash = hash
            self.sealedFrom = sealedFrom
        }

        /// What the head's seal covers.
        public var sealedText: String { entryText(["head", String(sequence), hash, String(sealedFrom)]) }
    }

    /// How the log's last entry compares with its head.
    public enum End: Equatable, Sendable {
        case intact
        /// Entries after `last` up to `recorded` are gone: the end was cut.
        case cut(last: Int, recorded: Int)
        /// Entries after the head's `recorded` were added by something that could not seal the head.
        case extended(recorded: Int, last: Int)
        /// Same sequence, another hash: the last entry was rewritten.
        case rewritten(sequence: Int)
    }

    /// `last`: the sequence and hash of the last entry the walk found (nil: none).
    public static func end(last: (sequence: Int, hash: String)?, head: Head) -> End {
        let lastSequence = last?.sequence ?? 0
        let lastHash = last?.hash ?? genesis
        if lastSequence < head.sequence { return .cut(last: lastSequence, recorded: head.sequence) }
        if lastSequence > head.sequence { return .extended(recorded: head.sequence, last: lastSequence) }
        return lastHash == head.hash ? .intact : .rewritten(sequence: lastSequence)
    }
}
