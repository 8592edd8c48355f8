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

    @Test(arguments: [
        ["Receipt No.: C$1801/26874", "TOTAL 8.20"],
        ["1 EUROPEAN WALNUT 6.50", "NO. 1 Jalan Euro 1", "TOTAL 6.50"],
        ["~ TotalQty = £14840", "TOTAL 148.40"],
        ["DocNo -€S$000126504", "TOTAL 12.00"],
    ])
    func marksInsideNumbersAndWordsAreNoCurrency(_ lines: [String]) {
        #expect(currency(lines) == nil)
    }

    @Test func aSignCountsOnlyBesideAnAmountWithCents() {
        #expect(currency(["Bistro", "Total Amount: $8.20"]) == "USD")
        #expect(currency(["Bäckerei", "Summe 4,68€"]) == "EUR")
        #expect(currency(["Bistro", "Table $12", "Total 8.20"]) == nil)
    }

    @Test func withNoMarkPrintedTheCountryOfTheCompanyFormGivesTheCurrency() {
        #expect(currency(["KEDAI MAJU SDN. BHD.", "TOTAL 5.00"]) == "MYR")
        #expect(currency(["AEON CO. (M) BHD", "TOTAL 5.00"]) == "MYR")
        // A printed mark wins; "BHD" alone is the Bahraini dinar's code, not a Malaysian company.
        #expect(currency(["KEDAI MAJU SDN BHD", "TOTAL S$ 5.50"]) == "SGD")
        #expect(currency(["Souq", "Total BHD 1.500"]) == nil)
    }

    @Test func withNoMarkPrintedAnAddressInTheCountryGivesTheCurrency() {
        #expect(currency(["RESTORAN WAN SHENG", "43200 Cheras, Selangor", "TOTAL: 9.10"]) == "MYR")
        #expect(currency(["KEDAI", "81750 Masai, Johor", "Total Amount: $8.20"]) == "MYR")
        #expect(currency(["SPEED MART", "JALAN PUDU, 55100 KUALA LUMPUR", "TOTAL 5.00"]) == "MYR")
        #expect(currency(["KEDAI", "JALAN PUDU 12", "TOTAL 5.00"]) == nil, "a street word alone names no country")
        #expect(currency(["SHOP", "Selangor", "TOTAL S$ 5.50"]) == "SGD", "a printed mark wins")
    }

    @Test func withNoMarkPrintedTheVATNumbersCountryGivesTheCurrency() {
        #expect(currency(["Bäckerei Korn", "USt-IdNr. DE579047387", "Summe 4,68"]) == "EUR")
        #expect(currency(["Cafe Sonne", "MWST-Nr CHE-543.375.623", "Total 12.70"]) == "CHF")
        #expect(currency(["Billa", "UID ATU12345678", "Summe 3,20"]) == "EUR")
        #expect(currency(["Laden", "Kunde DE57904738", "Summe 4,68"]) == nil, "eight digits are no German VAT number")
        #expect(currency(["Laden", "Artikel 4DE579047387", "Summe 4,68"]) == nil, "not inside another word")
        #expect(currency(["Cafe", "MWST-Nr CHE-543.375.623", "Total 12.70 EUR"]) == "EUR", "a printed mark wins")
    }

    @Test func aBareDollarSignIsTheNamedCountrysMoney() {
        #expect(currency(["UNIHAKKA INTERNATIONAL SDN BHD", "Total Amount: $8.20", "CASH $10.00"]) == "MYR")
        #expect(currency(["KEDAI SDN BHD", "TOTAL US$ 8.20"]) == "USD", "only the bare sign defers to the country")
    }

    @Test func theMostPrintedCurrencyWins() {
        #expect(currency(["KEDAI", "WIN A TRIP WORTH US$500", "ITEM RM 5.00", "TOTAL RM 5.00", "CASH RM 10.00"]) == "MYR")
    }

    @Test func noMarkLeavesTheCurrencyUnknown() {
        #expect(currency(["Kiosk", "Zeitung 3.50", "Total 3.50"]) == nil)
    }
}
