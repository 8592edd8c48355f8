/// When a recurring expense falls due: every week, month or year from its first day, until an
/// optional last day. A monthly one that starts on the 31st falls on each month's last day when
/// the month is shorter, and on the 31st again when it is not (each occurrence is counted from
/// the start, never from the one before); a yearly one from 29 February falls on 28 February in
/// common years.
public struct Recurrence: Sendable, Equatable {
    public enum Frequency: String, CaseIterable, Codable, Sendable {
        case weekly, monthly, yearly
    }

    public let frequency: Frequency
    public let start: CalendarDate
    public let end: CalendarDate?

    public init(frequency: Frequency, start: CalendarDate, end: CalendarDate?) {
        self.frequency = frequency
        self.start = start
        self.end = end
    }

    /// The `index`-th occurrence (0: the start); nil past the end or the calendar's range.
    public func occurrence(_ index: Int) -> CalendarDate? {
        guard index >= 0 else { return nil }
        let date: CalendarDate?
        switch frequency {
        case .weekly:
            date = index.multiplied(checked: 7).flatMap { start.adding(days: $0) }
        case .monthly:
            let months = (start.year * 12 + start.month - 1).adding(checked: index)
            date = months.flatMap { Self.clamped(year: $0 / 12, month: $0 % 12 + 1, day: start.day) }
        case .yearly:
            date = start.year.adding(checked: index).flatMap { Self.clamped(year: $0, month: start.month, day: start.day) }
        }
        guard let date, end.map({ date <= $0 }) ?? true else { return nil }
        return date
    }

    /// The occurrences on or before `day`, counting from the `from`-th, at most `limit` of them,
    /// each with its index.
    public func due(through day: CalendarDate, from: Int = 0, limit: Int) -> [(index: Int, date: CalendarDate)] {
        var due: [(Int, CalendarDate)] = []
        var index = max(from, 0)
        while due.count < limit, let date = occurrence(index), date <= day {
            due.append((index, date))
            index += 1
        }
        return due
    }

    private static func clamped(year: Int, month: Int, day: Int) -> CalendarDate? {
        guard (1...12).contains(month), (1900...2199).contains(year) else { return nil }
        return CalendarDate(year: year, month: month, day: min(day, CalendarDate.days(in: month, year: year)))
    }
}
