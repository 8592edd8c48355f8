/// Checks a `multipart/form-data` body before the framework's parser sees it.
///
/// multipart-kit 4.7.1 indexes a 128-entry table with every byte of a part's header name, so one
/// byte ≥ 0x80 there stops the whole process, and an empty boundary fails a precondition. This
/// walks the body with the same state machine as that parser and refuses what it would trap on or
/// throw for, so a malformed body is a clear 400 and the parser only ever sees bodies it can read.
public enum MultipartCheck {
    public enum Problem: Error, Equatable, Sendable {
        /// The boundary parameter is missing, empty, longer than 70 characters (RFC 2046) or holds
        /// characters a boundary may not.
        case invalidBoundary
        /// A part's header name holds a byte that is not an RFC 822 token character.
        case invalidHeaderName
        /// A line ending or the end of the header block is not where it must be.
        case malformedHeaders
        /// More than `maximumParts` parts, or a header block longer than `maximumHeaderBytes`.
        case tooManyParts
        case headersTooLong
        /// The body ends before its closing boundary.
        case unterminated
        /// The body holds no part at all.
        case empty
        /// A form field (a part that is not a file) holds a NUL character.
        case nulInField

        public var messageKey: String {
            switch self {
            case .invalidBoundary: "multipart_boundary"
            case .invalidHeaderName, .malformedHeaders, .headersTooLong: "multipart_headers"
            case .tooManyParts: "multipart_tooManyParts"
            case .unterminated: "multipart_unterminated"
            case .empty: "multipart_empty"
            case .nulInField: "body_nul"
            }
        }
    }

    /// Form pages and the API send a handful of fields and at most a few files.
    public static let maximumParts = 200
    public static let maximumHeaderBytes = 8 * 1024

    /// RFC 2046: 1–70 characters from a small set, not ending in a space.
    public static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
            default: Array("'()+_,-./:=? ".utf8).contains(byte)
            }
        }
    }

    /// nil when the body is one the parser reads without trapping or failing.
    public static func problem(in body: some Collection<UInt8>, boundary: String) -> Problem? {
        guard isValidBoundary(boundary) else { return .invalidBoundary }
        var walker = Walker(delimiter: Array("\r\n--\(boundary)".utf8))
        for byte in body {
            if let problem = walker.consume(byte) { return problem }
        }
        return walker.finish()
    }

    /// The parser's states, without keeping any data: only what decides whether a byte is legal.
    private struct Walker {
        enum State {
            case preamble(match: Int)
            case preHeaders(expectingLF: Bool)
            case headerName(length: Int)
            case headerValue
            case postHeaderValue
            case postHeaders
            case body
            case boundary(match: Int)
            case epilogue
        }

        let delimiter: [UInt8]
        var state = State.preamble(match: 0)
        var parts = 0
        var headerBytes = 0
        /// The header value being read, and whether the current part is a file (has a filename):
        /// files are binary, form fields are text.
        var headerValue: [UInt8] = []
        var partIsFile = false

        init(delimiter: [UInt8]) {
            self.delimiter = delimiter
        }

        mutating func consume(_ byte: UInt8) -> Problem? {
            switch state {
            case .preamble(let match):
                var next: Int
                if match == 0, byte == delimiter[2] { next = 3 }
                else if byte == delimiter[match] { next = match + 1 }
                else if match > 0, byte == delimiter[0] { next = 1 }
                else { next = 0 }
                state = next >= delimiter.count ? .preHeaders(expectingLF: false) : .preamble(match: next)
            case .preHeaders(let expectingLF):
                guard byte == (expectingLF ? lf : cr) else { return .malformedHeaders }
                if expectingLF { return startPart() }
                state = .preHeaders(expectingLF: true)
            case .headerName(let length):
                if let problem = countHeaderByte() { return problem }
                if byte == colon, length > 0 { state = .headerValue }
                else if byte == cr, length == 0 { state = .postHeaders }
                else if Self.isTokenCharacter(byte) { state = .headerName(length: length + 1) }
                else { return byte >= 0x80 ? .invalidHeaderName : .malformedHeaders }
            case .headerValue:
                if let problem = countHeaderByte() { return problem }
                if byte == cr { state = .postHeaderValue } else { headerValue.append(byte) }
            case .postHeaderValue:
                guard byte == lf else { return .malformedHeaders }
                if Self.namesAFile(headerValue) { partIsFile = true }
                headerValue.removeAll(keepingCapacity: true)
                state = .headerName(length: 0)
            case .postHeaders:
                guard byte == lf else { return .malformedHeaders }
                state = .body
            case .body:
                if byte == delimiter[0] { state = .boundary(match: 1) } else if byte == 0, !partIsFile { return .nulInField }
            case .boundary(let match):
                if match >= delimiter.count {
                    if byte == cr { state = .preHeaders(expectingLF: true) }
                    else if byte == hyphen { state = .epilogue }
                    else { return .malformedHeaders }
                } else if byte == delimiter[match] {
                    state = .boundary(match: match + 1)
                } else if byte == delimiter[0] {
                    state = .boundary(match: 1)
                } else {
                    if byte == 0, !partIsFile { return .nulInField }
                    state = .body
                }
            case .epilogue:
                break
            }
            return nil
        }

        private mutating func startPart() -> Problem? {
            parts += 1
            headerBytes = 0
            partIsFile = false
            guard parts <= MultipartCheck.maximumParts else { return .tooManyParts }
            state = .headerName(length: 0)
            return nil
        }

        private mutating func countHeaderByte() -> Problem? {
            headerBytes += 1
            return headerBytes > MultipartCheck.maximumHeaderBytes ? .headersTooLong : nil
        }

        func finish() -> Problem? {
            switch state {
            case .epilogue: nil
            case .preamble: parts == 0 ? .empty : .unterminated
            default: .unterminated
            }
        }

        private let cr: UInt8 = 13, lf: UInt8 = 10, colon: UInt8 = 58, hyphen: UInt8 = 45

        /// `Content-Disposition: form-data; name="image"; filename="x.jpg"` names a file.
        static func namesAFile(_ value: [UInt8]) -> Bool {
            let lowered = value.map { (65...90).contains($0) ? $0 + 32 : $0 }
            return lowered.firstRange(of: Array("filename".utf8)) != nil
        }

        /// RFC 822 field-name characters: printable ASCII except the specials the parser refuses.
        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            guard (33...126).contains(byte) else { return false }
            return !Array("()<>@,;:\\\"/[]?={}".utf8).contains(byte)
        }
    }
}
