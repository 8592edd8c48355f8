/// Bounds a JSON body before a parser builds it: nesting depth and the number of values, in one
/// linear pass (strings skipped with their escapes). Every JSON body the API takes is a flat
/// object or a short list; a body nested thousands deep, or holding a million tiny values in
/// its megabyte, costs the parser and every walk over the result for nothing.
public struct JSONBudget: Sendable, Equatable {
    public var maximumDepth: Int
    public var maximumValues: Int

    public static let requestBodies = JSONBudget(maximumDepth: 32, maximumValues: 20_000)

    public init(maximumDepth: Int, maximumValues: Int) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }

    public enum Violation: Equatable, Sendable {
        case tooDeep(maximum: Int)
        case tooManyValues(maximum: Int)
    }

    /// The first limit passed, or nil. Malformed JSON is the parser's to name; this only counts.
    public func violation(in bytes: some Collection<UInt8>) -> Violation? {
        var depth = 0, values = 0
        var inString = false, escaped = false, inScalar = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                inScalar = false
                values += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                inScalar = false
                depth += 1
                values += 1
                if depth > maximumDepth { return .tooDeep(maximum: maximumDepth) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                inScalar = false
                depth = max(0, depth - 1)
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
                inScalar = false
            default:
                // A number, true, false or null: counted at its first byte.
                if !inScalar { values += 1 }
                inScalar = true
            }
            if values > maximumValues { return .tooManyValues(maximum: maximumValues) }
        }
        return nil
    }
}
