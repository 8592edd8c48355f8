/// Checks an `application/x-www-form-urlencoded` body or a query string before the framework's
/// decoder sees it: escapes must be complete, the decoded text UTF-8, and keys shallow. The
/// decoder reports broken escapes with an error the server would answer 500 to, and nests keys
/// (`a[b][c]…`) by recursion, so a deep key is refused here rather than risk the stack.
public enum FormURLEncodedCheck {
    public enum Problem: Error, Equatable, Sendable {
        case invalidEscape
        case notUTF8
        case tooManyFields
        case keyTooDeep
        /// A NUL character, which no text here may hold (PostgreSQL refuses it in text columns).
        case nulCharacter
    }

    public static let maximumFields = 1_000
    public static let maximumKeyDepth = 8

    /// nil when every field decodes.
    public static func problem(in bytes: some Collection<UInt8>) -> Problem? {
        var fields = 0
        var field: [UInt8] = []
        func check(_ field: [UInt8]) -> Problem? {
            guard !field.isEmpty else { return nil }
            fields += 1
            guard fields <= maximumFields else { return .tooManyFields }
            let key = field.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
            guard let decodedKey = decode(Array(key)), let decodedField = decode(field) else { return .invalidEscape }
            guard isUTF8(decodedKey), isUTF8(decodedField) else { return .notUTF8 }
            guard !decodedField.contains(0) else { return .nulCharacter }
            return decodedKey.count(where: { $0 == UInt8(ascii: "[") }) > maximumKeyDepth ? .keyTooDeep : nil
        }
        for byte in bytes {
            if byte == UInt8(ascii: "&") {
                if let problem = check(field) { return problem }
                field.removeAll(keepingCapacity: true)
            } else {
                field.append(byte)
            }
        }
        return check(field)
    }

    /// Percent-decodes (and `+` → space); nil for a `%` not followed by two hex digits.
    private static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
