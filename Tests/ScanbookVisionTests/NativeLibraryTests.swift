import CDynamicTable
import Foundation
import Testing
@testable import ScanbookOCR

/// Tesseract's library is opened when first used (CTesseract), with OpenMP's limit set before.
@Suite struct NativeLibraryTests {
    @Test func tesseractsOpenMPKeepsTheLimitTheProgramSetAsItStarted() throws {
        let tess = try TesseractLibrary.functions()
        // The shim set OMP_THREAD_LIMIT to 1 before `main` unless the environment had one; OpenMP,
        // loaded with Tesseract only now, read it.
        let limit = try #require(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"].flatMap(Int32.init))
        #expect(tess.openMPThreadLimit() == limit)
    }

    @Test func aTableIsFilledFromItsLibraryInTheOrderOfItsSymbols() throws {
        let table = DynamicTable(library: "libz.so.1", symbols: ["zlibVersion", "crc32"])
        let first = table.load()
        #expect(first.error == nil)
        let slots = try #require(first.slots)
        let zlibVersion = unsafeBitCast(try #require(slots[0]), to: (@convention(c) () -> UnsafePointer<CChar>).self)
        #expect(String(cString: zlibVersion()).hasPrefix("1."))
        let crc32 = unsafeBitCast(try #require(slots[1]), to: (@convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt).self)
        #expect(Array("123456789".utf8).withUnsafeBufferPointer { crc32(0, $0.baseAddress, 9) } == 0xCBF4_3926)
        #expect(table.load().slots?[0] == slots[0])
    }

    @Test func aMissingLibraryOrFunctionIsAnErrorThatNamesItAndStays() {
        let missingLibrary = DynamicTable(library: "libscanbook-absent.so.9", symbols: ["anything"])
        let noLibrary = missingLibrary.load()
        #expect(noLibrary.slots == nil)
        #expect(noLibrary.error?.contains("cannot load libscanbook-absent.so.9 (Debian: scanbook-test)") == true)
        #expect(missingLibrary.load().error == noLibrary.error)

        let missingFunction = DynamicTable(library: "libz.so.1", symbols: ["zlibVersion", "scanbook_absent"])
        let noFunction = missingFunction.load()
        #expect(noFunction.slots == nil)
        #expect(noFunction.error == "libz.so.1 has no function scanbook_absent")
        // The slots filled before the missing one are cleared: nothing half-loaded can be called.
        #expect(missingFunction.slotValues.allSatisfy { $0 == nil })
    }
}

/// A `dynamic_table` built the way the shims build theirs, its C strings owned for its lifetime.
private final class DynamicTable {
    // Zeroed like a C static, then filled: Swift has no initializer for its 512-byte error buffer.
    private let table: UnsafeMutablePointer<dynamic_table>
    private let strings: [UnsafeMutablePointer<CChar>]
    private let symbols: UnsafeMutablePointer<UnsafePointer<CChar>>
    private let slots: UnsafeMutablePointer<UnsafeRawPointer?>
    private let count: Int

    init(library: String, symbols names: [String]) {
        let library = strdup(library)!, package = strdup("scanbook-test")!
        let owned = names.map { strdup($0)! }
        strings = [library, package] + owned
        count = names.count
        symbols = .allocate(capacity: count)
        for (index, name) in owned.enumerated() { (symbols + index).initialize(to: UnsafePointer(name)) }
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        table = .allocate(capacity: 1)
        memset(table, 0, MemoryLayout<dynamic_table>.size)
        table.pointee.library = UnsafePointer(library)
        table.pointee.package = UnsafePointer(package)
        table.pointee.symbols = UnsafePointer(symbols)
        table.pointee.count = count
        table.pointee.slots = UnsafeMutableRawPointer(slots)
        pthread_mutex_init(&table.pointee.lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&table.pointee.lock)
        table.deallocate()
        strings.forEach { free($0) }
        symbols.deallocate()
        slots.deallocate()
    }

    var slotValues: [UnsafeRawPointer?] { (0..<count).map { slots[$0] } }

    func load() -> (slots: [UnsafeRawPointer?]?, error: String?) {
        var error: UnsafePointer<CChar>?
        let filled = dynamic_table_load(table, &error)
        return (filled.map { _ in slotValues }, error.map { String(cString: $0) })
    }
}
