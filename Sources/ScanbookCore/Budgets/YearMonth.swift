/// A calendar month ("2025-06"): the unit of budgets, month views and exports.
public struct YearMonth: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1900...2199).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    public init(_ date: CalendarDate) {
        year = date.year
        month = date.month
    }

    /// "2025-06" (what `<input type="month">` sends); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    public var firstDay: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
    public var lastDay: CalendarDate { CalendarDate(year: year, month: month, day: CalendarDate.days(in: month, year: year))! }
    public var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1)! : YearMonth(year: year, month: month + 1)! }
    public var previous: YearMonth { month == 1 ? YearMonth(year: year - 1, month: 12)! : YearMonth(year: year, month: month - 1)! }

    public func contains(_ date: CalendarDate) -> Bool { date.year == year && date.month == month }

    public var description: String { month < 10 ? "\(year)-0\(month)" : "\(year)-\(month)" }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
