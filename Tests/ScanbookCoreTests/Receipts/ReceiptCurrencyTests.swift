import Testing
import ScanbookCore

/// The printed currency becomes its ISO 4217 code; nothing printed stays unknown (issue 25).
@Suite struct ReceiptCurrencyTests {
    let extractor = ReceiptExtractor()

    func currency(_ lines: [String]) -> String? { extractor.extract(lines: lines).currency }

    @Test(arguments: [
        (["AEON CO. (M) BHD", "TOTAL RM 14.10", "CASH RM20.00"], "MYR"),
        (["Migros", "Total Fr. 23.85"], "CHF"),
        (["Bäckerei", "Summe SFr 7.25"], "CHF"),
        (["REWE", "SUMME 4,68 €"], "EUR"),
        (["Gift shop", "TOTAL US$ 12.00"], "USD"),
        (["Hawker", "TOTAL S$ 5.50"], "SGD"),
        (["Diner", "Total $ 18.40"], "USD"),
        (["Pub", "Total £9.80"], "GBP"),
    ])
    func readsThePrintedMarkAsItsCode(_ lines: [String], _ code: String) {
        #expect(currency(lines) == code)
    }

    @Test func lettersInsideWordsAreNoCurrency() {
        #expect(currency(["FORMULA SHOP", "Fr., 12.01.2024", "FRAU MEIER", "TOTAL 9.00"]) == nil)
    }

    @Test func theMostPrintedCurrencyWins() {
        #expect(currency(["KEDAI", "WIN A TRIP WORTH US$500", "ITEM RM 5.00", "TOTAL RM 5.00", "CASH RM 10.00"]) == "MYR")
    }

    @Test func noMarkLeavesTheCurrencyUnknown() {
        #expect(currency(["Kiosk", "Zeitung 3.50", "Total 3.50"]) == nil)
    }
}
