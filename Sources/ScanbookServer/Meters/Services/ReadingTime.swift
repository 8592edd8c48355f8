import Foundation

/// Reading times as forms and the API send them. Times are UTC throughout (what the page shows is
/// what was typed); a date alone means noon, so it stays on its day in every time zone nearby.
enum ReadingTime {
    /// The moments a reading may have: 1900-01-01 to the end of 2199, like every date here.
    static let supported = Date(timeIntervalSince1970: -2_208_988_800)...Date(timeIntervalSince1970: 7_258_118_399)

    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 40 else { return nil }
        return parseUnbounded(trimmed).flatMap { supported.contains($0) ? $0 : nil }
    }

    private static func parseUnbounded(_ trimmed: String) -> Date? {
        if let date = try? Date(trimmed, strategy: .iso8601) { return date }
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            if let date = formatter(format).date(from: trimmed) { return date }
        }
        if let day = formatter("yyyy-MM-dd").date(from: trimmed) { return day.addingTimeInterval(12 * 3600) }
        return nil
    }

    /// "2025-06-26T07:30", for `<input type="datetime-local">`.
    static func formInput(_ date: Date) -> String { formatter("yyyy-MM-dd'T'HH:mm").string(from: date) }

    /// "2025-06-26 07:30" for tables.
    static func display(_ date: Date) -> String { formatter("yyyy-MM-dd HH:mm").string(from: date) }

    static func day(_ date: Date) -> String { formatter("yyyy-MM-dd").string(from: date) }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatter.isLenient = false
        return formatter
    }
}
