import Testing
import ScanbookCore

@Suite struct ConsumptionPeriodTests {
    let today = CalendarDate(year: 2026, month: 3, day: 10)!

    @Test func lastThirtyDaysAreDailyBucketsEndingToday() {
        let period = ConsumptionPeriod.last30Days(endingOn: today)
        #expect(period.granularity == .day)
        #expect(period.starts.count == 30)
        #expect(period.starts.first == CalendarDate(year: 2026, month: 2, day: 9))
        #expect(period.lastDay == CalendarDate(year: 2026, month: 3, day: 10))
        #expect(period.boundarySeconds[1] - period.boundarySeconds[0] == 86_400)
    }

    @Test func twelveMonthsAndLongCustomRangesAreMonthly() {
        let year = ConsumptionPeriod.last12Months(endingOn: today)
        #expect(year.granularity == .month && year.starts.count == 12)
        #expect(year.starts.first == CalendarDate(year: 2025, month: 4, day: 1))
        #expect(year.lastDay == CalendarDate(year: 2026, month: 3, day: 31))
        let long = ConsumptionPeriod.custom(from: CalendarDate(year: 2025, month: 12, day: 15)!, to: CalendarDate(year: 2026, month: 2, day: 20)!)
        #expect(long?.granularity == .month && long?.starts.count == 3)
        let short = ConsumptionPeriod.custom(from: CalendarDate(year: 2026, month: 2, day: 27)!, to: CalendarDate(year: 2026, month: 3, day: 2)!)
        #expect(short?.starts.map(\.description) == ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(ConsumptionPeriod.custom(from: today, to: CalendarDate(year: 2026, month: 3, day: 9)!) == nil)
    }

    @Test func dayNumbersRoundTripAcrossLeapYears() {
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CalendarDate(year: 2000, month: 3, day: 1)!.dayNumber - CalendarDate(year: 2000, month: 2, day: 28)!.dayNumber == 2)
        #expect(CalendarDate(year: 1969, month: 12, day: 31)!.dayNumber == -1)
        for number in stride(from: -20_000, to: 80_000, by: 37) {
            #expect(CalendarDate(dayNumber: number)?.dayNumber == number)
        }
        #expect(CalendarDate(year: 2024, month: 12, day: 31)!.adding(days: 1) == CalendarDate(year: 2025, month: 1, day: 1))
    }
}
