import Testing
import ScanbookCore

@Suite struct ImageDimensionsTests {
    @Test func readsPNGHeader() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x0B, 0xB8, 0, 0, 0x0F, 0xA0, 8, 2, 0, 0, 0]
        #expect(ImageDimensions(header: png) == ImageDimensions(width: 3000, height: 4000))
    }

    @Test func walksJPEGSegmentsToTheFrameHeader() {
        // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640.
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03] + [UInt8](repeating: 0, count: 9)
        #expect(ImageDimensions(header: [0xFF, 0xD8] + app0 + sof0) == ImageDimensions(width: 640, height: 480, metadataBytes: 16))
    }

    @Test func countsMetadataAndNeverOverflowsOnClaimedSizes() {
        // Thirty APP1 segments of 64 kB each before the frame: 1.9 MB of "EXIF".
        let app1: [UInt8] = [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 65_533)
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03] + [UInt8](repeating: 0, count: 9)
        let bloated = ImageDimensions(header: [0xFF, 0xD8] + Array([[UInt8]](repeating: app1, count: 30).joined()) + sof0)
        #expect((bloated?.metadataBytes ?? 0) > ImageDimensions.maximumMetadataBytes)
        // A PNG header may claim 4,294,967,295 × 4,294,967,295 pixels: the count saturates.
        let bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0]
        #expect(ImageDimensions(header: bomb)?.pixels == Int.max)
    }

    @Test func givesUpOnTruncatedOrForeignData() {
        #expect(ImageDimensions(header: [0xFF, 0xD8, 0xFF, 0xE0, 0x00]) == nil)
        #expect(ImageDimensions(header: Array("%PDF-1.7".utf8)) == nil)
    }
}
