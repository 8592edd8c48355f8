/// Readings of one meter as CSV (`date,value`): what the export writes the import reads back.
public enum MeterReadingsCSV {
    public struct Row: Equatable, Sendable {
        public let date: CalendarDate
        public let steps: Int

        public init(date: CalendarDate, steps: Int) {
            self.date = date
            self.steps = steps
        }
    }

    public static func encode(_ rows: [Row], counter: MeterCounter) -> String {
        var table = CSVTable(header: ["date", "value"])
        for row in rows { table.append([.text(row.date.description), .number(counter.format(row.steps))]) }
        return table.text
    }

    /// The first `maximumListedProblems` problems of a file are listed; the count of the rest follows.
    public static let maximumListedProblems = CSVTable.Problems.maximumListed
    public typealias Problems = CSVTable.Problems

    /// Every problem at once (line numbers as a spreadsheet shows them, at most
    /// `maximumListedProblems` of them), or all rows. More than `maximumRows` rows is refused
    /// before any is checked.
    public static func decode(_ text: String, counter: MeterCounter, maximumRows: Int = 10_000) throws -> [Row] {
        let records = try CSVTable.parse(text, maximumRecords: maximumRows + 1)
        guard let header = records.first?.map({ $0.trimmingWhitespace().lowercased() }),
              let dateColumn = header.firstIndex(where: { ["date", "datum"].contains($0) }),
              let valueColumn = header.firstIndex(where: { ["value", "wert", "stand", "reading"].contains($0) })
        else { throw CSVTable.ParseError(line: 1, reason: "the header needs a date and a value column") }
        var rows: [Row] = []
        var problems = CSVTable.Problems()
        func report(_ line: Int, _ reason: String) { problems.report(line, reason) }
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            guard record.count > max(dateColumn, valueColumn) else { report(line, "missing columns"); continue }
            guard let date = CalendarDate(iso: record[dateColumn].trimmingWhitespace()) ?? DateParser.parse(record[dateColumn]) else {
                report(line, "\"\(quoted(record[dateColumn]))\" is not a date"); continue
            }
            guard let steps = counter.parse(record[valueColumn]) else {
                report(line, "\"\(quoted(record[valueColumn]))\" is not a value this counter shows"); continue
            }
            rows.append(Row(date: date, steps: steps))
        }
        if !problems.list.isEmpty { throw problems }
        return rows
    }

    static func quoted(_ cell: String) -> String { CSVTable.quoted(cell) }
}
