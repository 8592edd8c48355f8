import Testing
import ScanbookCore

@Suite struct UploadPolicyTests {
    /// SOI, a JFIF APP0 segment, SOF0 for 64×48.
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46] + [UInt8](repeating: 0, count: 10)
        + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x30, 0x00, 0x40, 0x03] + [UInt8](repeating: 0, count: 9)
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)
            + withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [8, 2, 0, 0, 0]
    }
    static let png = png(width: 48, height: 48)
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
        #expect(throws: UploadPolicy.Rejection.tooLarge(bytes: Self.jpeg.count, maximum: 8)) { try policy.check(Self.jpeg) }
    }

    @Test func readsTheHeaderBeforeAnythingIsStored() {
        let policy = UploadPolicy(maximumBytes: 1_000, minimumSide: 32)
        #expect(throws: UploadPolicy.Rejection.tooManyPixels(width: 4_294_967_295, height: 4_294_967_295, maximum: 50_000_000)) {
            try policy.check(Self.png(width: .max, height: .max))
        }
        #expect(throws: UploadPolicy.Rejection.tooSmall(width: 1, height: 300, minimum: 32)) { try policy.check(Self.png(width: 1, height: 300)) }
        #expect(throws: UploadPolicy.Rejection.damaged) { try policy.check(Self.png(width: 0, height: 10)) }
        #expect(throws: UploadPolicy.Rejection.damaged) { try policy.check(Array(Self.jpeg.prefix(12))) }
        #expect(UploadPolicy.Rejection.tooManyPixels(width: 9, height: 9, maximum: 50_000_000).arguments["megapixels"] == "50")
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
        #expect(ByteCount(Int.max).description.hasSuffix("GB"), "no overflow at the top")
    }
}
