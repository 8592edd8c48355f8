/// Width and height read from a JPEG or PNG header without decoding, so an image that would
/// decompress to gigabytes (a "decompression bomb") is refused before any pixel is allocated.
public struct ImageDimensions: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Bytes of metadata segments (EXIF, ICC, comments) before a JPEG's frame header.
    public let metadataBytes: Int

    /// Phone photos carry some 10–200 kB of EXIF, thumbnail and colour profile; a header with
    /// more is built to make a decoder work, not to show a picture.
    public static let maximumMetadataBytes = 1_000_000

    public init(width: Int, height: Int, metadataBytes: Int = 0) {
        self.width = width
        self.height = height
        self.metadataBytes = metadataBytes
    }

    /// Width × height, held at `Int.max` for headers that claim more: a PNG header may say
    /// 4,294,967,295 × 4,294,967,295, and the product must be compared with a limit, not trap.
    public var pixels: Int { width.multiplied(checked: height) ?? Int.max }

    /// nil when the header is not a JPEG or PNG header that can be read.
    public init?(header bytes: [UInt8]) {
        switch SniffedContent(sniffing: bytes) {
        case .png:
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
            self.init(width: Self.bigEndian(bytes, 16, 4), height: Self.bigEndian(bytes, 20, 4))
        case .jpeg:
            guard let dimensions = Self.jpegFrame(bytes) else { return nil }
            self = dimensions
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Walks the JPEG marker segments to the first start-of-frame (SOF0…SOF15 except DHT/JPG/DAC).
    private static func jpegFrame(_ bytes: [UInt8]) -> ImageDimensions? {
        var index = 2
        var metadata = 0
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { index += 2; continue }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return ImageDimensions(width: bigEndian(bytes, index + 7, 2), height: bigEndian(bytes, index + 5, 2), metadataBytes: metadata)
            }
            guard length >= 2 else { return nil }
            if (0xE0...0xEF).contains(marker) || marker == 0xFE { metadata += length }
            index += 2 + length
        }
        return nil
    }
}
