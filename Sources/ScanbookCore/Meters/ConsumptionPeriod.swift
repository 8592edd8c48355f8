/// The period a consumption chart covers and how it is divided: days for up to about two months,
/// calendar months beyond.
public struct ConsumptionPeriod: Sendable, Equatable {
    public enum Granularity: String, Sendable {
        case day, month
    }

    public let granularity: Granularity
    /// The buckets' first days.
    public let starts: [CalendarDate]
    /// Day numbers (`CalendarDate.dayNumber`) of each bucket's first day and of the day after the
    /// last bucket.
    public let boundaryDays: [Int]

    /// The first day covered.
    public var firstDay: CalendarDate? { starts.first }
    /// The last day covered.
    public var lastDay: CalendarDate? { boundaryDays.last.flatMap { CalendarDate(dayNumber: $0 - 1) } }

    public static let maximumDailyBuckets = 62

    /// The last 30 days up to and including `today`.
    public static func last30Days(endingOn today: CalendarDate) -> ConsumptionPeriod {
        days(from: today.adding(days: -29) ?? today, through: today)
    }

    /// This month and the eleven before it (fewer when that would reach before 1900).
    public static func last12Months(endingOn today: CalendarDate) -> ConsumptionPeriod {
        var start = YearMonth(today)
        for _ in 0..<11 { start = start.previous ?? start }
        return months(from: start, through: YearMonth(today))
    }

    /// From one day through another (inclusive); nil when `to` is before `from` or the range spans
    /// more than 50 years.
    public static func custom(from: CalendarDate, to: CalendarDate) -> ConsumptionPeriod? {
        let span = to.dayNumber - from.dayNumber + 1
        guard span >= 1, span <= 50 * 366 else { return nil }
        return span <= maximumDailyBuckets ? days(from: from, through: to) : months(from: YearMonth(from), through: YearMonth(to))
    }

    /// Bucket boundaries in seconds since 1970 (UTC midnights), for `MeterHistory.consumption`.
    public var boundarySeconds: [Int] { boundaryDays.map { $0 * 86_400 } }

    /// Boundaries are moments, not dates: the one after the last bucket may be 2200-01-01, a day
    /// no `CalendarDate` has, so boundaries are kept as day numbers and the buckets' first days
    /// as dates.
    private static func days(from: CalendarDate, through: CalendarDate) -> ConsumptionPeriod {
        let numbers = Array(from.dayNumber...(through.dayNumber + 1))
        return ConsumptionPeriod(granularity: .day, starts: numbers.dropLast().compactMap(CalendarDate.init(dayNumber:)), boundaryDays: numbers)
    }

    private static func months(from: YearMonth, through: YearMonth) -> ConsumptionPeriod {
        var starts: [CalendarDate] = []
        var numbers: [Int] = []
        var month: YearMonth? = from
        while let current = month, current <= through {
            starts.append(current.firstDay)
            numbers.append(current.firstDay.dayNumber)
            month = current.next
        }
        numbers.append(through.lastDay.dayNumber + 1)
        return ConsumptionPeriod(granularity: .month, starts: starts, boundaryDays: numbers)
    }
}
