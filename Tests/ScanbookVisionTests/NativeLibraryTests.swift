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
}
