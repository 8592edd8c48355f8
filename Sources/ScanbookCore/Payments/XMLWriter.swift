/// Indented XML with escaped text, for the files Scanbook hands to banks and clients.
public struct XMLWriter: Sendable {
    public private(set) var text = ""
    private var depth = 0

    public init() {}

    public mutating func line(_ raw: String) {
        text += String(repeating: "  ", count: depth) + raw + "\n"
    }

    public mutating func open(_ name: String, attributes: [(String, String)] = []) {
        line("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    public mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    public mutating func element(_ name: String, _ value: String, attributes: [(String, String)] = [], omitEmpty: Bool = false) {
        if omitEmpty && value.isEmpty { return }
        line("<\(name)\(Self.attributes(attributes))>\(Self.escaped(value))</\(name)>")
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }

    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
