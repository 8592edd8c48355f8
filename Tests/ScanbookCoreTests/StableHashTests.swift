import Testing
import ScanbookCore

@Suite struct StableHashTests {
    /// FNV-1a's published 64-bit test vectors.
    @Test func isFNV1aOfTheUTF8Bytes() {
        #expect("".stableHash == 0xcbf2_9ce4_8422_2325)
        #expect("a".stableHash == 0xaf63_dc4c_8601_ec8c)
        #expect("foobar".stableHash == 0x8594_4171_f739_67e8)
    }
}
