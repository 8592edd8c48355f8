import Testing
import ScanbookCore

/// One rule for every number a person types (issue 26): both marks, Swiss and German grouping, and
/// the locale deciding only a single separator before exactly three digits.
@Suite struct TypedNumberTests {
    @Test(arguments: [
        ("1,5", "1.5", "1.5"), ("1.5", "1.5", "1.5"), ("1'234.50", "1234.50", "1234.50"), ("1.234,50", "1234.50", "1234.50"),
        ("1,234.50", "1234.50", "1234.50"), ("1 234,50", "1234.50", "1234.50"), ("1\u{2019}234", "1234", "1234"),
        // The ambiguous ones: German reads a grouped thousand and a decimal comma, English the opposite.
        ("1.234", "1234", "1.234"), ("12,345", "12.345", "12345"), ("123.456", "123456", "123.456"),
        // Not ambiguous: a leading zero, four digits before, two or four after, or a repeated separator.
        ("0.123", "0.123", "0.123"), ("1234.567", "1234.567", "1234.567"), ("12,34", "12.34", "12.34"), ("1.234.567", "1234567", "1234567"),
        ("12", "12", "12"), ("-3,5", "-3.5", "-3.5"), (".5", "0.5", "0.5"),
    ])
    func readsWhatPeopleTypeByTheirLocale(_ text: String, _ german: String, _ english: String) throws {
        #expect(try #require(TypedNumber(text, mark: .comma)).plain == german, "de: \(text)")
        #expect(try #require(TypedNumber(text, mark: .point)).plain == english, "en: \(text)")
    }

    @Test(arguments: ["", "abc", "1O", "12.", "1,2,3.4,5", "1.234.5", "1'23", "'850", "12'3456", "1.2.3,4,5", "--1", "1234567890123456"])
    func refusesTheRest(_ text: String) {
        #expect(TypedNumber(text, mark: .comma) == nil && TypedNumber(text, mark: .point) == nil, "\(text)")
    }

    @Test func localesPickTheirMark() {
        #expect(DecimalMark(locale: "de") == .comma && DecimalMark(locale: "de-CH") == .comma && DecimalMark(locale: "fr") == .comma)
        #expect(DecimalMark(locale: "en") == .point && DecimalMark(locale: "en-US") == .point)
    }

    @Test func everyNumberFieldUsesTheRule() throws {
        #expect(Amount(typed: "1.234", mark: .comma)?.hundredths == 123_400 && Amount(typed: "1.234", mark: .point) == nil, "money has two decimals")
        #expect(Amount(typed: "12,345", mark: .point)?.hundredths == 1_234_500)
        let counter = try #require(MeterCounter(digits: 6, decimals: 1))
        #expect(counter.parse("1,5", mark: .comma) == 15 && counter.parse("1.5", mark: .comma) == 15)
        #expect(counter.parse("10.234", mark: .comma) == 102_340 && counter.parse("10.234", mark: .point) == nil, "three decimals on a one-decimal counter")
        #expect(UnitPrice(typed: "0,2735", mark: .comma)?.tenThousandths == 2735 && UnitPrice(typed: "0.275", mark: .point)?.tenThousandths == 2750)
    }

    @Test func scalingIsChecked() throws {
        let big = try #require(TypedNumber("999999999999999", mark: .point))
        #expect(big.scaled(to: 4) == nil, "past Int.max is refused, not trapped")
        #expect(try #require(TypedNumber("1,5", mark: .comma)).scaled(to: 0) == nil, "more decimals than allowed")
    }
}
