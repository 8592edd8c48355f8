import Testing
import ScanbookCore

@Suite struct MeterHistoryTests {
    let counter = MeterCounter(digits: 5, decimals: 0)!
    let day = 86_400

    @Test func interpolatesUsageAndSplitsPeriodsWithoutLosingSteps() {
        let history = MeterHistory(readings: [
            .init(time: 20 * day, steps: 300), .init(time: 0, steps: 100), .init(time: 10 * day, steps: 200),
        ], counter: counter)
        #expect(history.readings.map(\.steps) == [100, 200, 300], "sorted by time")
        #expect(history.used(at: 0) == 0)
        #expect(history.used(at: 5 * day) == 50)
        #expect(history.used(at: 20 * day) == 200)
        #expect(history.used(at: -1) == nil && history.used(at: 21 * day) == nil)
        let buckets = history.consumption(between: [-10 * day, 3 * day, 7 * day, 15 * day, 30 * day, 40 * day])
        #expect(buckets == [30, 40, 80, 50, nil], "partly covered buckets count the covered part; uncovered ones are nil")
        #expect(buckets.compactMap { $0 }.reduce(0, +) == 200)
    }

    @Test func rolloverCountsAndADecreaseCountsAsNothingUsed() {
        let history = MeterHistory(readings: [
            .init(time: 0, steps: 99_900), .init(time: day, steps: 50), .init(time: 2 * day, steps: 20), .init(time: 3 * day, steps: 70),
        ], counter: counter)
        #expect(history.intervals.map(\.consumption) == [.rolledOver(150), .decreased(by: 30), .used(50)])
        #expect(history.used(at: 3 * day) == 200)
        #expect(history.intervals[0].milliStepsPerDay == 150_000)
        #expect(history.intervals[1].milliStepsPerDay == nil)
    }

    @Test func emptyAndSingleReadingHistoriesHaveNoConsumption() {
        #expect(MeterHistory(readings: [], counter: counter).consumption(between: [0, day]) == [nil])
        let one = MeterHistory(readings: [.init(time: day, steps: 5)], counter: counter)
        #expect(one.consumption(between: [0, 2 * day]) == [nil])
        #expect(one.used(at: day) == 0)
    }
}
