import Testing
import ScanbookCore

@Suite struct ZipArchiveTests {
    @Test func theChecksumIsCRC32() {
        // The check value of the CRC-32 used by ZIP, PNG and gzip.
        #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(ZipArchive.crc32([]) == 0)
    }

    @Test func entriesComeBackAsWritten() throws {
        let entries = [ZipArchive.Entry(name: "template.json", bytes: Array(#"{"name":"Prüfung"}"#.utf8)),
                       ZipArchive.Entry(name: "page1.jpg", bytes: (0..<3000).map { UInt8($0 % 251) }),
                       ZipArchive.Entry(name: "roster.csv", bytes: [])]
        let archive = ZipArchive.make(entries)
        #expect(Array(archive.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        // The end of the central directory names the entry count.
        #expect(Array(archive.suffix(22).prefix(4)) == [0x50, 0x4B, 0x05, 0x06] && archive[archive.count - 12] == 3)
        #expect(try ZipArchive.read(archive).get() == entries)
    }

    @Test func damagedOrCompressedArchivesAreRefusedWithTheReason() {
        var archive = ZipArchive.make([.init(name: "a.txt", bytes: Array("hello".utf8))])
        #expect(ZipArchive.read(Array("not a zip".utf8)) == .failure(.notAZip))
        #expect(ZipArchive.read(Array(archive.prefix(33))) == .failure(.truncated))
        var flipped = archive
        flipped[30 + 5] ^= 0xFF  // a byte of the data
        #expect(ZipArchive.read(flipped) == .failure(.checksum("a.txt")))
        archive[8] = 8  // deflate
        #expect(ZipArchive.read(archive) == .failure(.compressed("a.txt")))
    }
}
