/// A calendar day without time zone, as printed on a receipt.
public struct CalendarDate: Equatable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// nil for impossible dates (31 April, 29 February of a common year, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1900...2199).contains(year), (1...12).contains(month), day >= 1,
              day <= Self.days(in: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// For days the caller has already proved valid (the first and last day of a `YearMonth`).
    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func days(in month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// ISO 8601: "2018-12-25".
    public var description: String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CalendarDate {
    /// Exactly "YYYY-MM-DD" (what `<input type="date">` and the API send); nil otherwise.
    public init?(iso text: String) {
        guard text.utf8.count == 10 else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        // Digits only: `Int("+1")` would take "2018-+1-05" for 5 January.
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }
}

/// Decoding runs the same checks as the initializer: a synthesized `Decodable` would accept any
/// stored or sent number.
extension CalendarDate {
    enum CodingKeys: String, CodingKey { case year, month, day }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let date = CalendarDate(
            year: try container.decode(Int.self, forKey: .year),
            month: try container.decode(Int.self, forKey: .month),
            day: try container.decode(Int.self, forKey: .day)
        ) else { throw DecodingError.dataCorruptedError(forKey: .day, in: container, debugDescription: "not a date from 1900 to 2199") }
        self = date
    }
}
