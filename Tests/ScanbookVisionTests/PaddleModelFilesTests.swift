import Testing
@testable import ScanbookOCR

/// Which int8 recognizer a machine reads with: 7-bit weights where its processor would saturate
/// 8-bit products.
@Suite struct PaddleModelFilesTests {
    @Test func theFlagsAreTheWordsAfterTheColonOfTheFlagsLine() {
        #expect(ProcessorInfo.flags(inFlagsLine: "flags\t\t: fpu vme avx2 avx512_vnni") == ["fpu", "vme", "avx2", "avx512_vnni"])
        #expect(ProcessorInfo.flags(inFlagsLine: "flags\t\t:") == [])
        #expect(ProcessorInfo.flags(inFlagsLine: "no colon here").isEmpty)
        #expect(ProcessorInfo.flags(inFlagsLine: nil).isEmpty)
    }

    @Test func anX86ProcessorWithoutVNNIReadsWithSevenBitWeights() {
        #if arch(x86_64)
        #expect(PaddleModelFiles.RecognizerWeights.suiting(["avx2", "fma", "avx512f", "avx512bw"]) == .sevenBit)
        #expect(PaddleModelFiles.RecognizerWeights.suiting([]) == .sevenBit)
        #expect(PaddleModelFiles.RecognizerWeights.suiting(["avx2", "avx512f", "avx512_vnni"]) == .eightBit)
        #expect(PaddleModelFiles.RecognizerWeights.suiting(["avx2", "avx_vnni"]) == .eightBit)
        #else
        #expect(PaddleModelFiles.RecognizerWeights.suiting([]) == .eightBit)
        #endif
        let seven = PaddleModelFiles(directory: "/m", recognizerWeights: .sevenBit), eight = PaddleModelFiles(directory: "/m", recognizerWeights: .eightBit)
        #expect(seven.recognizer == "/m/ppocr/PP-OCRv6_rec_small_latin_int8_7bit.onnx")
        #expect(eight.recognizer == "/m/ppocr/PP-OCRv6_rec_small_latin_int8.onnx")
        #expect(seven.missing.contains(seven.recognizer) && !seven.missing.contains(eight.recognizer))
    }

    @Test func thisMachineChoosesByItsOwnFlags() {
        #expect(ProcessorInfo.flags.isEmpty == false, "/proc/cpuinfo gave no flags")
        #expect(PaddleModelFiles(directory: "/m").recognizerWeights == .suiting(ProcessorInfo.flags))
    }
}
