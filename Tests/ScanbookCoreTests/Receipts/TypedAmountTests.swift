import Testing
import ScanbookCore

@Suite struct TypedAmountTests {
    @Test(arguments: [
        ("12", 1200, 2), ("12.5", 125, 1), ("12,50", 1250, 2), ("1'234.50", 123450, 2), ("CHF 7.25", 725, 2), (" 0.95 ", 95, 2),
        ("1'850", 185_000, 2), ("1'234'567", 123_456_700, 2),
    ])
    func readsWhatPeopleType(_ text: String, _ minor: Int, _ decimals: Int) {
        #expect(Amount(typed: text) == Amount(minorUnits: minor, decimals: decimals))
    }

    @Test(arguments: ["", "abc", "1O.00", "-5.00", "12.345", "99999999", "1'85", "12'3456", "'850", "99'999'999"])
    func refusesTheRest(_ text: String) {
        #expect(Amount(typed: text) == nil)
    }
}
