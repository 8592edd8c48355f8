/// A ZIP file of stored (uncompressed) entries: how a template folder is exported in one download,
/// and read back. Photos are JPEG already, so compressing them gains nothing. Reading accepts only
/// stored entries (what `make` writes); a compressed archive is refused with a clear reason.
public enum ZipArchive {
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case notAZip
        case compressed(String)
        case truncated
        case checksum(String)
        case tooLarge
    }

    /// At most 65,535 entries of under 4 GiB each (no ZIP64), which a template never nears.
    public static func make(_ entries: [Entry], modified: (year: Int, month: Int, day: Int) = (2026, 1, 1)) -> [UInt8] {
        var output: [UInt8] = [], directory: [UInt8] = []
        let date = UInt16(truncatingIfNeeded: ((max(1980, modified.year) - 1980) << 9) | (modified.month << 5) | modified.day)
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.bytes)
            let size = UInt32(truncatingIfNeeded: entry.bytes.count)
            let offset = UInt32(truncatingIfNeeded: output.count)
            // Local header: signature, version 2.0, flags (bit 11: UTF-8 names), stored, time, date.
            output += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(date)
            output += le32(crc) + le32(size) + le32(size) + le16(UInt16(truncatingIfNeeded: name.count)) + le16(0) + name
            output += entry.bytes
            directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(date)
            directory += le32(crc) + le32(size) + le32(size) + le16(UInt16(truncatingIfNeeded: name.count)) + le16(0) + le16(0)
            directory += le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let count = UInt16(truncatingIfNeeded: entries.count)
        let end = le32(0x0605_4b50) + le16(0) + le16(0) + le16(count) + le16(count)
            + le32(UInt32(truncatingIfNeeded: directory.count)) + le32(UInt32(truncatingIfNeeded: output.count)) + le16(0)
        return output + directory + end
    }

    /// The entries in order, by their local headers; every checksum verified.
    public static func read(_ bytes: [UInt8], maximumEntries: Int = 200) -> Result<[Entry], Failure> {
        guard bytes.count >= 4, u32(bytes, 0) == 0x0403_4b50 else { return .failure(.notAZip) }
        var entries: [Entry] = [], offset = 0
        while offset + 4 <= bytes.count, u32(bytes, offset) == 0x0403_4b50 {
            guard entries.count < maximumEntries else { return .failure(.tooLarge) }
            guard offset + 30 <= bytes.count else { return .failure(.truncated) }
            let flags = u16(bytes, offset + 6), method = u16(bytes, offset + 8)
            let crc = u32(bytes, offset + 14), size = Int(u32(bytes, offset + 18))
            let nameLength = Int(u16(bytes, offset + 26)), extraLength = Int(u16(bytes, offset + 28))
            let nameStart = offset + 30
            guard nameStart + nameLength + extraLength <= bytes.count else { return .failure(.truncated) }
            let name = String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self)
            // A data descriptor (bit 3) means the sizes come after the data: only compressors do that.
            guard method == 0, flags & 0x8 == 0 else { return .failure(.compressed(name)) }
            let dataStart = nameStart + nameLength + extraLength
            guard size <= bytes.count - dataStart else { return .failure(.truncated) }
            let data = Array(bytes[dataStart..<dataStart + size])
            guard crc32(data) == crc else { return .failure(.checksum(name)) }
            if !name.hasSuffix("/") { entries.append(Entry(name: name, bytes: data)) }
            offset = dataStart + size
        }
        return .success(entries)
    }

    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le16(_ value: Int) -> [UInt8] { le16(UInt16(truncatingIfNeeded: value)) }
    private static func le32(_ value: UInt32) -> [UInt8] { [0, 8, 16, 24].map { UInt8((value >> UInt32($0)) & 0xFF) } }
    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
