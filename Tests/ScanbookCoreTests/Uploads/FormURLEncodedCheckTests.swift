import Testing
@testable import ScanbookCore

@Suite struct FormURLEncodedCheckTests {
    @Test func formsAndQueriesAreChecked() {
        #expect(FormURLEncodedCheck.problem(in: Array("a=1&b=%C3%A4&c[d]=2&e".utf8)) == nil)
        #expect(FormURLEncodedCheck.problem(in: Array("a=%zz".utf8)) == .invalidEscape)
        #expect(FormURLEncodedCheck.problem(in: Array("a=%C3%28".utf8)) == .notUTF8)
        #expect(FormURLEncodedCheck.problem(in: [0x61, 0x3D, 0xFF]) == .notUTF8)
        #expect(FormURLEncodedCheck.problem(in: Array("a=%00".utf8)) == .nulCharacter)
        let fields = (0...FormURLEncodedCheck.maximumFields).map { "f\($0)=1" }.joined(separator: "&")
        #expect(FormURLEncodedCheck.problem(in: Array(fields.utf8)) == .tooManyFields)
        let deep = "a" + String(repeating: "[x]", count: FormURLEncodedCheck.maximumKeyDepth + 1) + "=1"
        #expect(FormURLEncodedCheck.problem(in: Array(deep.utf8)) == .keyTooDeep)
    }
}
