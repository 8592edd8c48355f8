import Testing
import ScanbookCore

@Suite struct UploadPolicyTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
    static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0]
    static let pdf: [UInt8] = Array("%PDF-1.7\n".utf8)

    @Test func sniffsByContent() {
        #expect(SniffedContent(sniffing: Self.jpeg) == .jpeg)
        #expect(SniffedContent(sniffing: Self.png) == .png)
        #expect(SniffedContent(sniffing: Self.heic) == .heic)
        #expect(SniffedContent(sniffing: Self.pdf) == .pdf)
        #expect(SniffedContent(sniffing: Array("GIF89a".utf8)) == .unknown)
        #expect(SniffedContent(sniffing: [0xFF]) == .unknown)
    }

    @Test func acceptsImagesWithinTheLimit() throws {
        let policy = UploadPolicy(maximumBytes: 100)
        #expect(try policy.check(Self.jpeg) == .jpeg)
        #expect(try policy.check(Self.png) == .png)
    }

    @Test func rejectsOversizeBeforeLookingAtContent() {
        let policy = UploadPolicy(maximumBytes: 8)
        #expect(throws: UploadPolicy.Rejection.tooLarge(bytes: 10, maximum: 8)) { try policy.check(Self.jpeg) }
    }

    @Test func rejectsHeicPdfAndUnknownWithTheirOwnMessage() {
        let policy = UploadPolicy(maximumBytes: 100)
        #expect(throws: UploadPolicy.Rejection.unsupported(.heic)) { try policy.check(Self.heic) }
        #expect(throws: UploadPolicy.Rejection.unsupported(.pdf)) { try policy.check(Self.pdf) }
        #expect(throws: UploadPolicy.Rejection.unsupported(.unknown)) { try policy.check(Array("hello".utf8)) }
        #expect(UploadPolicy.Rejection.unsupported(.heic).englishMessage.contains("HEIC"))
        #expect(throws: UploadPolicy.Rejection.empty) { try policy.check([UInt8]()) }
    }

    @Test func formatsByteCounts() {
        #expect(ByteCount(512).description == "512 B")
        #expect(ByteCount(1_500).description == "1.5 kB")
        #expect(ByteCount(20_000_000).description == "20 MB")
        #expect(ByteCount(2_345_678).description == "2.3 MB")
    }
}
