import Testing
@testable import ScanbookCore

@Suite struct AuditHeadTests {
    static let head = AuditChain.Head(sequence: 7, hash: "h7", sealedFrom: 3)

    @Test func theLastEntryMatchingTheHeadIsIntact() {
        #expect(AuditChain.end(last: (7, "h7"), head: Self.head) == .intact)
        #expect(AuditChain.end(last: nil, head: AuditChain.Head(sequence: 0, hash: AuditChain.genesis, sealedFrom: 1)) == .intact)
    }

    @Test func aCutEndAnExtendedEndAndARewrittenLastEntryAreTold() {
        #expect(AuditChain.end(last: (5, "h5"), head: Self.head) == .cut(last: 5, recorded: 7))
        #expect(AuditChain.end(last: nil, head: Self.head) == .cut(last: 0, recorded: 7), "every entry deleted")
        #expect(AuditChain.end(last: (8, "h8"), head: Self.head) == .extended(recorded: 7, last: 8))
        #expect(AuditChain.end(last: (7, "other"), head: Self.head) == .rewritten(sequence: 7))
    }

    @Test func theHeadsSealCoversEachOfItsFields() {
        var moved = Self.head, rehashed = Self.head, unsealedLonger = Self.head
        moved.sequence = 6
        rehashed.hash = "h7x"
        unsealedLonger.sealedFrom = 8
        #expect(Set([Self.head, moved, rehashed, unsealedLonger].map(\.sealedText)).count == 4)
    }
}
