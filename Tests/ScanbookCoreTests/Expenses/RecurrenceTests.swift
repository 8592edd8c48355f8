import Testing
@testable import ScanbookCore

@Suite struct RecurrenceTests {
    func day(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    @Test func aMonthlyExpenseFromThe31stFallsOnEachMonthsLastDayAndBackOnThe31st() {
        let rent = Recurrence(frequency: .monthly, start: day("2026-01-31"), end: nil)
        #expect(rent.due(through: day("2026-05-31"), limit: 10).map(\.date.description) == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(rent.occurrence(12)?.description == "2027-01-31" && rent.occurrence(25)?.description == "2028-02-29")
    }

    @Test func weeklyAndYearlyOccurrencesStopAtTheLastDay() {
        let cleaning = Recurrence(frequency: .weekly, start: day("2026-12-28"), end: day("2027-01-11"))
        #expect(cleaning.due(through: day("2027-12-31"), limit: 100).map(\.date.description) == ["2026-12-28", "2027-01-04", "2027-01-11"])
        let insurance = Recurrence(frequency: .yearly, start: day("2024-02-29"), end: nil)
        #expect(insurance.due(through: day("2028-03-01"), limit: 10).map(\.date.description) == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    }

    @Test func dueOccurrencesResumeAfterTheLastOneMadeAndAreBounded() {
        let rent = Recurrence(frequency: .monthly, start: day("2026-01-15"), end: nil)
        let due = rent.due(through: day("2026-06-01"), from: 3, limit: 10)
        #expect(due.map(\.index) == [3, 4] && due.map(\.date.description) == ["2026-04-15", "2026-05-15"])
        #expect(rent.due(through: day("2199-12-31"), limit: 24).count == 24)
        #expect(rent.due(through: day("2025-12-31"), limit: 10).isEmpty, "nothing before the start")
        #expect(rent.occurrence(-1) == nil && rent.occurrence(Int.max) == nil)
    }
}
