import ScanbookCore
import Testing

@Suite struct CurrencyCodeTests {
    @Test(arguments: [("CHF", "CHF"), ("eur", "EUR"), (" Usd ", "USD")])
    func readsThreeLetters(text: String, code: String) {
        #expect(CurrencyCode(text)?.code == code)
    }

    @Test(arguments: ["", "CH", "CHFF", "C1F", "€UR", "ÄBC", "C F", "@[`", "{}~"])
    func refusesOtherText(text: String) {
        #expect(CurrencyCode(text) == nil)
    }
}
