import Testing
import ScanbookCore

@Suite struct ReadingsCSVTests {
    let counter = MeterCounter(digits: 6, decimals: 1)!

    @Test func exportAndImportRoundTrip() throws {
        let rows = [
            MeterReadingsCSV.Row(date: CalendarDate(year: 2025, month: 1, day: 31)!, steps: 123_456),
            MeterReadingsCSV.Row(date: CalendarDate(year: 2025, month: 2, day: 28)!, steps: 124_001),
        ]
        let text = MeterReadingsCSV.encode(rows, counter: counter)
        #expect(text == "date,value\r\n2025-01-31,12345.6\r\n2025-02-28,12400.1\r\n")
        #expect(try MeterReadingsCSV.decode(text, counter: counter) == rows)
    }

    @Test func importsGermanSpreadsheetsAndNamesEveryBadLine() throws {
        let german = "Datum;Stand\n31.01.2025;\"12345,6\"\n"
        #expect(try MeterReadingsCSV.decode(german, counter: counter).map(\.steps) == [123_456])
        #expect(throws: MeterReadingsCSV.Problems.self) { try MeterReadingsCSV.decode("date,value\nyesterday,5\n2025-01-01,1.23\n", counter: counter) }
        do {
            _ = try MeterReadingsCSV.decode("date,value\nyesterday,5\n2025-01-01,1.23\n", counter: counter)
        } catch let problems as MeterReadingsCSV.Problems {
            #expect(problems.list.map(\.line) == [2, 3])
        }
    }

    @Test func csvParsingHandlesQuotesAndLineBreaks() throws {
        #expect(try CSVTable.parse("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n") == [["a", "b"], ["x, \"y\"", "two\nlines"]])
        #expect(throws: CSVTable.ParseError.self) { try CSVTable.parse("a,\"open\n") }
    }
}
