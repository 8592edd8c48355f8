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
        // Headers may come from users too (a form's region names): defused like any text cell.
        var lines = [header.map { Self.escape(Self.defused($0)) }.joined(separator: ",")]
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

extension CSVTable {
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF
    /// ends a record; a `;` separator is accepted too when the header uses it (German spreadsheets).
    /// More than `maximumRecords` records (header included) is refused as soon as it is seen.
    public static func parse(_ text: String, maximumRecords: Int = .max) throws(ParseError) -> [[String]] {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
        let separator: Character = firstLine.contains(";") && !firstLine.contains(",") ? ";" : ","
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, wasQuoted = false
        var line = 1
        var iterator = text.makeIterator()
        var pending: Character? = iterator.next()
        func endRecord() throws(ParseError) {
            record.append(field)
            if !(record.count == 1 && record[0].isEmpty && !wasQuoted) { records.append(record) }
            record = []
            field = ""
            wasQuoted = false
            if records.count > maximumRecords {
                throw ParseError(line: line, reason: "more than \(maximumRecords - 1) rows; split the file")
            }
        }
        while let character = pending {
            pending = iterator.next()
            if quoted {
                if character == "\"" {
                    if pending == "\"" { field.append("\""); pending = iterator.next() } else { quoted = false }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
            } else if character == "\"" {
                guard field.isEmpty else { throw ParseError(line: line, reason: "a quote inside an unquoted field") }
                quoted = true
                wasQuoted = true
            } else if character == separator {
                record.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                try endRecord()
                line += 1
            } else {
                field.append(character)
            }
        }
        guard !quoted else { throw ParseError(line: line, reason: "a quoted field is not closed") }
        if !field.isEmpty || !record.isEmpty || wasQuoted { try endRecord() }
        return records
    }
}

extension CSVTable {
    /// Every problem of an import at once, in line order, the first `maximumListed` of them listed.
    public struct Problems: Error, Equatable, CustomStringConvertible {
        public static let maximumListed = 100
        public private(set) var list: [ParseError] = []
        /// Problems beyond the listed ones.
        public private(set) var unlisted = 0

        public init() {}

        public init(list: [ParseError], unlisted: Int = 0) {
            self.list = list
            self.unlisted = unlisted
        }

        public mutating func report(_ line: Int, _ reason: String) {
            if list.count < Self.maximumListed { list.append(.init(line: line, reason: reason)) } else { unlisted += 1 }
        }

        public var description: String {
            list.map(\.description).joined(separator: "; ") + (unlisted > 0 ? "; and \(unlisted) more" : "")
        }
    }

    /// A cell as a message quotes it: long cells are cut (a 1 MB cell is not echoed back).
    public static func quoted(_ cell: String) -> String {
        cell.count <= 40 ? cell : String(cell.prefix(40)) + "…"
    }
}
