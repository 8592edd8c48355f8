// No Foundation here: libxml2's headers bring the system's ICU, which clashes with Foundation's copy.
internal import CLibXML2

/// An element of a parsed document: its local name, its text and its child elements.
public struct XMLNode: Sendable, Equatable {
    public let name: String
    public let namespace: String?
    public let text: String
    public let children: [XMLNode]
    /// The element's attributes by local name (`Ccy` of `<Amt Ccy="CHF">`).
    public var attributes: [String: String] = [:]

    public func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }
    /// The trimmed text of a child element, nil when there is none.
    public func value(_ name: String) -> String? { child(name).map { trimmed($0.text) } }
    public func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    /// The element at a path of child names ("StsRsnInf", "Rsn", "Cd"), first match at each step.
    public func descendant(_ path: String...) -> XMLNode? {
        path.reduce(Optional(self)) { node, name in node?.child(name) }
    }
}

public struct XMLSchemaError: Error, CustomStringConvertible, Sendable {
    public let messages: [String]

    public init(messages: [String]) {
        self.messages = messages
    }

    public var description: String { messages.joined(separator: "; ") }
}

/// An XML Schema loaded once; `parse` reads a document without network access or entity
/// expansion and checks it against the schema, naming every violation.
public final class XMLSchema: @unchecked Sendable {
    // libxml2 allows one parsed schema to validate on several threads, each with its own context.
    private let schema: xmlSchemaPtr

    /// libxml2 sets up its global state (locks, dictionaries, the random seed) on first use unless
    /// `xmlInitParser` ran before; two threads doing that first use at once deadlocked (two test
    /// apps loading schemas together). A static is initialised exactly once, whoever asks first.
    private static let initialized: Void = xmlInitParser()

    /// `path`: the schema file; schemas it includes are read relative to it.
    public init(path: String) throws {
        Self.initialized
        guard let context = xmlSchemaNewParserCtxt(path) else { throw XMLSchemaError(messages: ["cannot read \(path)"]) }
        defer { xmlSchemaFreeParserCtxt(context) }
        guard let schema = xmlSchemaParse(context) else { throw XMLSchemaError(messages: ["\(path) is not a valid XML Schema"]) }
        self.schema = schema
    }

    deinit { xmlSchemaFree(schema) }

    /// The document's root element, or every reason it is not well-formed or not valid.
    public func parse(_ bytes: [UInt8]) throws -> XMLNode {
        try Self.withDocument(bytes) { document in
            try validate(document)
            guard let root = xmlDocGetRootElement(document) else { throw XMLSchemaError(messages: ["the document has no element"]) }
            return Self.node(root)
        }
    }

    /// A well-formed document's root element, not checked against any schema (a bank's report
    /// in a version we hold no schema for); the same refusals of DTDs and network access.
    public static func parseWithoutSchema(_ bytes: [UInt8]) throws -> XMLNode {
        try withDocument(bytes) { document in
            guard let root = xmlDocGetRootElement(document) else { throw XMLSchemaError(messages: ["the document has no element"]) }
            return node(root)
        }
    }

    private static func withDocument<T>(_ bytes: [UInt8], _ body: (xmlDocPtr) throws -> T) throws -> T {
        initialized
        // No document type declaration, so no entity can expand (the "billion laughs") and no
        // external one can be fetched; the schemas need none.
        if containsDoctype(bytes) { throw XMLSchemaError(messages: ["document type declarations (<!DOCTYPE) are not accepted"]) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard let parser = xmlNewParserCtxt() else { throw XMLSchemaError(messages: ["out of memory"]) }
        defer { xmlFreeParserCtxt(parser) }
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlCtxtReadMemory(parser, $0, Int32(clamping: buffer.count), nil, "UTF-8", options) }
            }
        }
        guard let document else {
            let message = xmlCtxtGetLastError(parser).flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not well-formed XML"
            throw XMLSchemaError(messages: [trimmed(message)])
        }
        defer { xmlFreeDoc(document) }
        return try body(document)
    }

    private func validate(_ document: xmlDocPtr) throws {
        let collector = ErrorCollector()
        guard let validation = xmlSchemaNewValidCtxt(schema) else { throw XMLSchemaError(messages: ["out of memory"]) }
        defer { xmlSchemaFreeValidCtxt(validation) }
        let unmanaged = Unmanaged.passUnretained(collector).toOpaque()
        xmlSchemaSetValidStructuredErrors(validation, { context, error in
            guard let context, let error, let message = error.pointee.message else { return }
            Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().messages
                .append("line \(error.pointee.line): " + trimmed(String(cString: message)))
        }, unmanaged)
        guard xmlSchemaValidateDoc(validation, document) == 0 else {
            throw XMLSchemaError(messages: collector.messages.isEmpty ? ["the document does not match the schema"] : Array(collector.messages.prefix(20)))
        }
    }

    private static func containsDoctype(_ bytes: [UInt8]) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        guard bytes.count >= marker.count else { return false }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
            if Array(bytes[start..<(start + marker.count)]) == marker { return true }
        }
        return false
    }

    private static func node(_ element: xmlNodePtr) -> XMLNode {
        var children: [XMLNode] = []
        var text = ""
        var child = element.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: children.append(node(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default: break
            }
            child = current.pointee.next
        }
        let name = element.pointee.name.map { String(cString: $0) } ?? ""
        let namespace = element.pointee.ns.flatMap { $0.pointee.href.map { String(cString: $0) } }
        var attributes: [String: String] = [:]
        var attribute = element.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name.map({ String(cString: $0) }) {
                var value = ""
                var part = current.pointee.children
                while let text = part {
                    if let content = text.pointee.content { value += String(cString: content) }
                    part = text.pointee.next
                }
                attributes[attributeName] = value
            }
            attribute = current.pointee.next
        }
        return XMLNode(name: name, namespace: namespace, text: text, children: children, attributes: attributes)
    }
}

private final class ErrorCollector {
    var messages: [String] = []
}

private func trimmed(_ text: String) -> String {
    String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
}
