import Testing
import ScanbookCore

@Suite struct AmountParserTests {
    @Test(arguments: [
        ("9.00", 900, 2), ("12,50", 1250, 2), ("1,234.50", 123450, 2), ("1.234,50", 123450, 2),
        ("1'234.50", 123450, 2), ("-0.02", -2, 2), ("9.O0", 900, 2), ("l2.5O", 1250, 2), ("7.5", 75, 1),
    ])
    func parsesPrintedAndDamagedAmounts(_ text: String, _ minor: Int, _ decimals: Int) {
        #expect(AmountParser.parse(text) == Amount(minorUnits: minor, decimals: decimals))
    }

    @Test(arguments: ["12", "1.234", "1,23,4.00", "abc", "12.345", ""])
    func refusesWhatIsNoAmount(_ text: String) {
        #expect(AmountParser.parse(text) == nil)
    }

    @Test func findsAmountsInALineButNotInCodes() {
        #expect(AmountParser.amounts(in: "TOTAL RM9.00 SR").map(\.amount) == [Amount(minorUnits: 900, decimals: 2)])
        #expect(AmountParser.amounts(in: "2 x 3.50 7.00").map(\.amount.hundredths) == [350, 700])
        #expect(AmountParser.amounts(in: "INV12.00 X").isEmpty, "glued to letters: a code")
        #expect(AmountParser.amounts(in: "SOB").isEmpty, "look-alike letters alone are a word")
    }

    @Test func printsWithTheReceiptsDecimals() {
        #expect(Amount(minorUnits: 900, decimals: 2).description == "9.00")
        #expect(Amount(minorUnits: -2, decimals: 2).description == "-0.02")
        #expect(Amount(minorUnits: 75, decimals: 1).description == "7.5")
        #expect(Amount(minorUnits: 75, decimals: 1).sameValue(as: Amount(minorUnits: 750, decimals: 2)))
    }
}
