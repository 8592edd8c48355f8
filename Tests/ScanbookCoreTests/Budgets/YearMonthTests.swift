import Testing
import ScanbookCore

@Suite struct YearMonthTests {
    @Test func parsesAndPrintsMonths() {
        #expect(YearMonth("2025-06")?.description == "2025-06")
        #expect(YearMonth("2025-6") == nil)
        #expect(YearMonth("2025-13") == nil)
        #expect(YearMonth("june") == nil)
        #expect(YearMonth("2018-+1") == nil, "digits only")
        #expect(YearMonth("+201-01") == nil)
    }

    @Test func stepsOverYearBoundaries() throws {
        let december = try #require(YearMonth(year: 2024, month: 12))
        #expect(december.next == YearMonth(year: 2025, month: 1))
        #expect(december.next?.previous == december)
        #expect(YearMonth(year: 2025, month: 1)?.previous == december)
    }

    @Test func stepsStopAtTheEndsOfTheSupportedYears() throws {
        #expect(try #require(YearMonth(year: 2199, month: 12)).next == nil)
        #expect(try #require(YearMonth(year: 1900, month: 1)).previous == nil)
        #expect(try #require(YearMonth(year: 2199, month: 12)).lastDay.description == "2199-12-31")
    }

    @Test func knowsItsFirstAndLastDay() throws {
        #expect(YearMonth(year: 2024, month: 2)?.lastDay.description == "2024-02-29")
        #expect(YearMonth(year: 2025, month: 2)?.lastDay.description == "2025-02-28")
        let june = try #require(YearMonth("2025-06"))
        #expect(june.contains(try #require(CalendarDate(year: 2025, month: 6, day: 30))))
        #expect(!june.contains(try #require(CalendarDate(year: 2025, month: 7, day: 1))))
        #expect(!june.contains(try #require(CalendarDate(year: 2024, month: 6, day: 15))))
    }

    @Test func readsISODatesStrictly() {
        #expect(CalendarDate(iso: "2025-06-26")?.description == "2025-06-26")
        #expect(CalendarDate(iso: "26.06.2025") == nil)
        #expect(CalendarDate(iso: "2025-02-30") == nil)
    }
}
