import Crypto
import ScanbookCore
import Testing

@Suite struct AuditChainTests {
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

    static func chain(_ entries: [String]) -> [(entry: String, hash: String)] {
        var previous = AuditChain.genesis
        return entries.map { entry in
            previous = AuditChain.hash(of: entry, after: previous, sha256: sha256)
            return (entry, previous)
        }
    }

    @Test func anIntactChainVerifiesAndAnyChangeIsFoundWhereItHappened() {
        let entries = ["anna created payment 1: 20.00 CHF", "anna signed payment 1", "anna executed payment 1"]
        var links = Self.chain(entries)
        #expect(AuditChain.firstBrokenLink(links, sha256: Self.sha256) == nil)
        links[1].entry = "anna signed payment 2"
        #expect(AuditChain.firstBrokenLink(links, sha256: Self.sha256) == 1)
        var removed = Self.chain(entries)
        removed.remove(at: 0)
        #expect(AuditChain.firstBrokenLink(removed, sha256: Self.sha256) == 0)
        var swapped = Self.chain(entries)
        swapped.swapAt(1, 2)
        #expect(AuditChain.firstBrokenLink(swapped, sha256: Self.sha256) == 1)
    }
}
