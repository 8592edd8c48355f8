import Testing
@testable import ScanbookCore

/// The syntax checks the server's body gate runs before any parser (issue 21).
@Suite struct MultipartCheckTests {
    private func body(_ text: String, extra: [UInt8] = []) -> [UInt8] { Array(text.utf8) + extra }

    @Test func aWellFormedFormPasses() {
        let form = "--b\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nanna@example.org\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\u{0}PNG\r\n--b--\r\n"
        #expect(MultipartCheck.problem(in: body(form), boundary: "b") == nil, "a NUL inside a file is fine")
    }

    @Test func eachMalformationIsNamed() {
        let header = "--b\r\nContent-Disposition: form-data; name=\"email\"\r\n"
        #expect(MultipartCheck.problem(in: body("--\r\n"), boundary: "") == .invalidBoundary)
        #expect(MultipartCheck.problem(in: body("--x\r\n"), boundary: String(repeating: "x", count: 71)) == .invalidBoundary)
        // The byte that crashed multipart-kit 4.7.1: ≥ 0x80 in a header name.
        #expect(MultipartCheck.problem(in: body("--b\r\nX-", extra: [0x80] + Array(": 1\r\n\r\nv\r\n--b--\r\n".utf8)), boundary: "b") == .invalidHeaderName)
        #expect(MultipartCheck.problem(in: body(header + "\r\nno closing boundary"), boundary: "b") == .unterminated)
        #expect(MultipartCheck.problem(in: body(header + "\r\na\u{0}b\r\n--b--\r\n"), boundary: "b") == .nulInField)
        let many = String(repeating: header + "\r\nv\r\n", count: MultipartCheck.maximumParts + 1) + "--b--\r\n"
        #expect(MultipartCheck.problem(in: body(many), boundary: "b") == .tooManyParts)
    }
}
