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

    /// Every problem at once (line numbers as a spreadsheet shows them), or all rows.
    public static func decode(_ text: String, counter: MeterCounter) throws -> [Row] {
        let records = try CSVTable.parse(text)
        guard let header = records.first?.map({ $0.trimmingWhitespace().lowercased() }),
              let dateColumn = header.firstIndex(where: { ["date", "datum"].contains($0) }),
              let valueColumn = header.firstIndex(where: { ["value", "wert", "stand", "reading"].contains($0) })
        else { throw CSVTable.ParseError(line: 1, reason: "the header needs a date and a value column") }
        var rows: [Row] = []
        var problems: [CSVTable.ParseError] = []
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            guard record.count > max(dateColumn, valueColumn) else {
                problems.append(.init(line: line, reason: "missing columns")); continue
            }
            guard let date = CalendarDate(iso: record[dateColumn].trimmingWhitespace()) ?? DateParser.parse(record[dateColumn]) else {
                problems.append(.init(line: line, reason: "\"\(record[dateColumn])\" is not a date")); continue
            }
            guard let steps = counter.parse(record[valueColumn]) else {
                problems.append(.init(line: line, reason: "\"\(record[valueColumn])\" is not a value this counter shows")); continue
            }
            rows.append(Row(date: date, steps: steps))
        }
        if !problems.isEmpty { throw Problems(list: problems) }
        return rows
    }

    public struct Problems: Error, Equatable, CustomStringConvertible {
        public let list: [CSVTable.ParseError]
        public var description: String { list.map(\.description).joined(separator: "; ") }
    }
}
