/// The period a consumption chart covers and how it is divided: days for up to about two months,
/// calendar months beyond.
public struct ConsumptionPeriod: Sendable, Equatable {
    public enum Granularity: String, Sendable {
        case day, month
    }

    public let granularity: Granularity
    /// First day of each bucket, and the day after the last bucket at the end.
    public let boundaries: [CalendarDate]

    public static let maximumDailyBuckets = 62

    /// The last 30 days up to and including `today`.
    public static func last30Days(endingOn today: CalendarDate) -> ConsumptionPeriod {
        days(from: today.adding(days: -29)!, through: today)
    }

    /// This month and the eleven before it.
    public static func last12Months(endingOn today: CalendarDate) -> ConsumptionPeriod {
        var start = YearMonth(today)
        for _ in 0..<11 { start = start.previous }
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
    public var boundarySeconds: [Int] { boundaries.map { $0.dayNumber * 86_400 } }

    /// The buckets' first days.
    public var starts: [CalendarDate] { Array(boundaries.dropLast()) }

    private static func days(from: CalendarDate, through: CalendarDate) -> ConsumptionPeriod {
        let boundaries = (from.dayNumber...(through.dayNumber + 1)).compactMap(CalendarDate.init(dayNumber:))
        return ConsumptionPeriod(granularity: .day, boundaries: boundaries)
    }

    private static func months(from: YearMonth, through: YearMonth) -> ConsumptionPeriod {
        var boundaries: [CalendarDate] = []
        var month = from
        while month <= through {
            boundaries.append(month.firstDay)
            month = month.next
        }
        boundaries.append(month.firstDay)
        return ConsumptionPeriod(granularity: .month, boundaries: boundaries)
    }
}
