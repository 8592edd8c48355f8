import Testing
import ScanbookCore

@Suite struct CSVTableTests {
    @Test func quotesAndDefusesCells() {
        var table = CSVTable(header: ["date", "merchant", "total"])
        table.append([.text("2025-06-01"), .text("Café \"Zum Bären\", Bern"), .number("12.50")])
        table.append([.text("2025-06-02"), .text("=HYPERLINK(\"x\")"), .number("-1.00")])
        #expect(table.text == "date,merchant,total\r\n2025-06-01,\"Café \"\"Zum Bären\"\", Bern\",12.50\r\n2025-06-02,\"'=HYPERLINK(\"\"x\"\")\",-1.00\r\n")
    }
}
