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
        guard text.utf8.count == 7 else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        // Digits only: `Int("+1")` would take "2018-+1" for January.
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    // A YearMonth only exists for 1900–2199 and months 1–12, so both days exist.
    public var firstDay: CalendarDate { CalendarDate(uncheckedYear: year, month: month, day: 1) }
    public var lastDay: CalendarDate { CalendarDate(uncheckedYear: year, month: month, day: CalendarDate.days(in: month, year: year)) }
    /// The month after; nil after December 2199, the last month dates may have.
    public var next: YearMonth? { month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1) }
    /// The month before; nil before January 1900.
    public var previous: YearMonth? { month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1) }

    public func contains(_ date: CalendarDate) -> Bool { date.year == year && date.month == month }

    public var description: String { month < 10 ? "\(year)-0\(month)" : "\(year)-\(month)" }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}

/// Decoding runs the same checks as the initializer: a synthesized `Decodable` would accept any
/// stored or sent number.
extension YearMonth {
    enum CodingKeys: String, CodingKey { case year, month }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let month = YearMonth(year: try container.decode(Int.self, forKey: .year), month: try container.decode(Int.self, forKey: .month))
        else { throw DecodingError.dataCorruptedError(forKey: .month, in: container, debugDescription: "not a month from 1900 to 2199") }
        self = month
    }
}
