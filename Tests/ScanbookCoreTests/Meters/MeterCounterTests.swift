import Testing
import ScanbookCore

@Suite struct MeterCounterTests {
    let counter = MeterCounter(digits: 6, decimals: 1)!

    @Test func parsesAndFormatsValuesInSteps() {
        #expect(counter.parse("12345.6") == 123_456)
        #expect(counter.parse("12345,6") == 123_456)
        #expect(counter.parse("12'345") == 123_450)
        #expect(counter.parse("12345.67") == nil, "more decimals than the counter has")
        #expect(counter.parse("100000.0") == nil, "beyond the counter")
        #expect(counter.parse("-5") == nil)
        #expect(counter.format(123_456) == "12345.6")
        #expect(counter.format(5) == "0.5")
        #expect(MeterCounter(digits: 5, decimals: 0)!.format(42) == "42")
        #expect(MeterCounter(digits: 3, decimals: 3) == nil)
    }
}
