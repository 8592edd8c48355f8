import Testing
import ScanbookCore

@Suite struct ConsumptionTests {
    let counter = MeterCounter(digits: 5, decimals: 0)!

    @Test func usedRolledOverOrDecreased() {
        #expect(Consumption.between(1200, 1350, on: counter) == .used(150))
        #expect(Consumption.between(99_950, 30, on: counter) == .rolledOver(80))
        #expect(Consumption.between(5000, 4990, on: counter) == .decreased(by: 10))
        #expect(Consumption.between(60_000, 30, on: counter) == .decreased(by: 59_970), "not near the top: no rollover")
    }

    @Test func flagsWhatShouldBeReviewed() {
        let check = ReadingPlausibility()
        let history = [(day: 0, steps: 1000), (day: 10, steps: 1100), (day: 20, steps: 1210), (day: 30, steps: 1300)]
        #expect(check.flags(history: history, new: (day: 40, steps: 1405), counter: counter).isEmpty)
        #expect(check.flags(history: history, new: (day: 40, steps: 1290), counter: counter) == [.lowerThanBefore(by: 10)])
        let jump = check.flags(history: history, new: (day: 41, steps: 9000), counter: counter)
        #expect(jump.count == 1)
        if case .unusualRate(let rate, let usual) = jump.first { #expect(rate > usual * 5) } else { Issue.record("expected an unusual rate") }
        #expect(check.flags(history: history, new: (day: 30, steps: 1320), counter: counter) == [.sameDayAsPrevious])
        #expect(check.flags(history: [], new: (day: 0, steps: 5), counter: counter).isEmpty)
    }

    /// Issue 47: a misread in an imported sequence is flagged alone; the right readings after it are
    /// checked against the last one that counts.
    @Test func aMisreadInASequenceFlagsOnlyItself() {
        let sequence = [(day: 0, steps: 1000), (day: 10, steps: 1100), (day: 20, steps: 1210), (day: 25, steps: 99_999), (day: 30, steps: 1300), (day: 40, steps: 1405)]
        let flags = ReadingPlausibility().flags(sequence: sequence, counter: counter)
        #expect(flags.map(\.isEmpty) == [true, true, true, false, true, true])
    }
}
