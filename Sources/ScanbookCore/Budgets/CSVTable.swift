/// RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; lines end
/// with CRLF. A text cell starting with = + - @ gets a leading apostrophe so spreadsheets do not
/// run it as a formula (CSV injection); numbers are passed as numbers.
public struct CSVTable: Sendable {
    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(String)
    }

    public let header: [String]
    public private(set) var rows: [[Cell]] = []

    public init(header: [String]) {
        self.header = header
    }

    public mutating func append(_ row: [Cell]) {
        rows.append(row)
    }

    public var text: String {
        var lines = [header.map { Self.escape($0) }.joined(separator: ",")]
        for row in rows {
            lines.append(row.map { cell in
                switch cell {
                case .number(let value): value
                case .text(let value): Self.escape(Self.defused(value))
                }
            }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func defused(_ value: String) -> String {
        guard let first = value.first, "=+-@\t\r".contains(first) else { return value }
        return "'" + value
    }

    static func escape(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
