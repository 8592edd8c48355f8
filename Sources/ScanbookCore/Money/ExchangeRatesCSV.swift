/// An administrator's table of exchange rates: `date,currency,rate`, where the rate says what one
/// unit of `currency` was worth in the server's base currency that day ("2026-11-02,EUR,0.9412").
/// German headers (`datum,währung,kurs`) and `;` separators are read too. All rows or none.
public enum ExchangeRatesCSV {
    public struct Row: Equatable, Sendable {
        public let date: CalendarDate
        public let currency: CurrencyCode
        public let rate: ExchangeRate
    }

    public static func decode(_ text: String, base: CurrencyCode, maximumRows: Int = 10_000) throws -> [Row] {
        let records = try CSVTable.parse(text, maximumRecords: maximumRows + 1)
        let header = records.first?.map { $0.trimmingWhitespace().lowercased() } ?? []
        guard let dateColumn = header.firstIndex(where: { ["date", "datum"].contains($0) }),
              let currencyColumn = header.firstIndex(where: { ["currency", "währung", "waehrung"].contains($0) }),
              let rateColumn = header.firstIndex(where: { ["rate", "kurs"].contains($0) })
        else { throw CSVTable.ParseError(line: 1, reason: "the header needs date, currency and rate columns") }
        var rows: [Row] = []
        var seen = Set<String>()
        var problems = CSVTable.Problems()
        for (offset, record) in records.dropFirst().enumerated() {
            let line = offset + 2
            guard record.count > max(dateColumn, currencyColumn, rateColumn) else { problems.report(line, "missing columns"); continue }
            guard let date = CalendarDate(iso: record[dateColumn].trimmingWhitespace()) ?? DateParser.parse(record[dateColumn]) else {
                problems.report(line, "\"\(CSVTable.quoted(record[dateColumn]))\" is not a date"); continue
            }
            guard let currency = CurrencyCode(record[currencyColumn].trimmingWhitespace().uppercased()) else {
                problems.report(line, "\"\(CSVTable.quoted(record[currencyColumn]))\" is not a currency code"); continue
            }
            guard currency != base else { problems.report(line, "\(currency) is the base currency itself"); continue }
            // A rate file is machine-written: a point is the decimal mark.
            guard let rate = ExchangeRate(typed: record[rateColumn], mark: .point) else {
                problems.report(line, "\"\(CSVTable.quoted(record[rateColumn]))\" is not a rate between 0.000001 and 1000000"); continue
            }
            guard seen.insert("\(date)|\(currency)").inserted else { problems.report(line, "\(currency) on \(date) comes twice"); continue }
            rows.append(Row(date: date, currency: currency, rate: rate))
        }
        if !problems.list.isEmpty { throw problems }
        return rows
    }
}
