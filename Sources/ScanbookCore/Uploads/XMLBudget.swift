/// Bounds an XML document before libxml2 parses it: size, elements, nesting, attributes per
/// element, and the length of names, attribute values and text runs.
///
/// libxml2 checks an element's attributes for duplicates in quadratic time, so one element with
/// 60,000 attributes took 49 s to parse; deep nesting costs stack in any tree walk. This scan is
/// one linear pass over the bytes with no allocation beyond a few counters: whatever it lets
/// through parses in milliseconds. It does not judge well-formedness (libxml2 does, and names
/// the error); on bytes it cannot make sense of it just keeps counting.
public struct XMLBudget: Sendable, Equatable {
    public var maximumBytes: Int
    public var maximumElements: Int
    public var maximumDepth: Int
    public var maximumAttributesPerElement: Int
    public var maximumNameLength: Int
    public var maximumAttributeValueLength: Int
    public var maximumTextLength: Int

    /// Payment messages (the seed's XML services, pain.002 reports): a bank's report for a
    /// thousand payments has a few tens of thousands of elements and a handful of attributes each.
    public static let paymentMessages = XMLBudget(
        maximumBytes: 1_000_000, maximumElements: 50_000, maximumDepth: 32, maximumAttributesPerElement: 16,
        maximumNameLength: 128, maximumAttributeValueLength: 1_024, maximumTextLength: 10_000
    )

    /// Bank statements (camt.053/054): a month of a busy account runs to ten thousand entries.
    public static let bankStatements = XMLBudget(
        maximumBytes: 25_000_000, maximumElements: 1_000_000, maximumDepth: 32, maximumAttributesPerElement: 16,
        maximumNameLength: 128, maximumAttributeValueLength: 1_024, maximumTextLength: 10_000
    )

    public init(
        maximumBytes: Int, maximumElements: Int, maximumDepth: Int, maximumAttributesPerElement: Int,
        maximumNameLength: Int, maximumAttributeValueLength: Int, maximumTextLength: Int
    ) {
        self.maximumBytes = maximumBytes
        self.maximumElements = maximumElements
        self.maximumDepth = maximumDepth
        self.maximumAttributesPerElement = maximumAttributesPerElement
        self.maximumNameLength = maximumNameLength
        self.maximumAttributeValueLength = maximumAttributeValueLength
        self.maximumTextLength = maximumTextLength
    }

    public enum Violation: Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int, maximum: Int)
        case tooManyElements(maximum: Int)
        case tooDeep(maximum: Int)
        case tooManyAttributes(element: String, maximum: Int)
        case nameTooLong(maximum: Int)
        case attributeValueTooLong(maximum: Int)
        case textTooLong(maximum: Int)

        public var description: String {
            switch self {
            case .tooLarge(let bytes, let maximum): "the document has \(bytes) bytes, at most \(maximum) are accepted"
            case .tooManyElements(let maximum): "the document has more than \(maximum) elements"
            case .tooDeep(let maximum): "elements are nested more than \(maximum) deep"
            case .tooManyAttributes(let element, let maximum): "element \(element) has more than \(maximum) attributes"
            case .nameTooLong(let maximum): "a name is longer than \(maximum) characters"
            case .attributeValueTooLong(let maximum): "an attribute value is longer than \(maximum) characters"
            case .textTooLong(let maximum): "a text is longer than \(maximum) characters"
            }
        }
    }

    /// The first limit the document passes, or nil when it is within every one.
    public func violation(in bytes: [UInt8]) -> Violation? {
        guard bytes.count <= maximumBytes else { return .tooLarge(bytes: bytes.count, maximum: maximumBytes) }
        var scanner = Scanner(bytes: bytes, budget: self)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        let budget: XMLBudget
        var index = 0
        var elements = 0
        var depth = 0

        init(bytes: [UInt8], budget: XMLBudget) {
            self.bytes = bytes
            self.budget = budget
        }

        mutating func run() -> Violation? {
            var text = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    text += 1
                    if text > budget.maximumTextLength { return .textTooLong(maximum: budget.maximumTextLength) }
                    index += 1
                    continue
                }
                text = 0
                if starts(with: "<!--") {
                    skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    let start = index
                    skip(past: "]]>")
                    if index - start > budget.maximumTextLength { return .textTooLong(maximum: budget.maximumTextLength) }
                } else if starts(with: "<?") || starts(with: "<!") {
                    skip(past: ">")
                } else if starts(with: "</") {
                    index += 2
                    if let problem = name() { return problem }
                    skip(past: ">")
                    depth = max(0, depth - 1)
                } else {
                    index += 1
                    if let problem = startTag() { return problem }
                }
            }
            return nil
        }

        /// After "<": the element's name and attributes, to the end of the tag.
        mutating func startTag() -> Violation? {
            let nameStart = index
            if let problem = name() { return problem }
            let element = String(decoding: bytes[nameStart..<index].prefix(40), as: UTF8.self)
            elements += 1
            if elements > budget.maximumElements { return .tooManyElements(maximum: budget.maximumElements) }
            var attributes = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    index += 1
                    depth += 1
                    return depth > budget.maximumDepth ? .tooDeep(maximum: budget.maximumDepth) : nil
                }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    index += 2
                    return nil
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != byte { index += 1 }
                    if index - start > budget.maximumAttributeValueLength { return .attributeValueTooLong(maximum: budget.maximumAttributeValueLength) }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > budget.maximumAttributesPerElement {
                        return .tooManyAttributes(element: element, maximum: budget.maximumAttributesPerElement)
                    }
                    index += 1
                    continue
                }
                if Self.isSpace(byte) {
                    index += 1
                    continue
                }
                // An attribute's name; a byte no name holds (a stray "/" or "<") is stepped over:
                // libxml2 will name the error.
                let before = index
                if let problem = name() { return problem }
                if index == before { index += 1 }
            }
            return nil
        }

        /// A name: everything up to a space, "=", "/", ">" or a quote.
        mutating func name() -> Violation? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "<") { break }
                index += 1
                if index - start > budget.maximumNameLength { return .nameTooLong(maximum: budget.maximumNameLength) }
            }
            return nil
        }

        func starts(with marker: StaticString) -> Bool {
            let count = marker.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return marker.withUTF8Buffer { buffer in
                for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
                return true
            }
        }

        /// Moves just past the next `marker`, or to the end.
        mutating func skip(past marker: StaticString) {
            let count = marker.utf8CodeUnitCount
            while index < bytes.count {
                if starts(with: marker) {
                    index += count
                    return
                }
                index += 1
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
