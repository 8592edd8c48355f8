import Foundation
import ScanbookCore

/// How numbers, money and dates read on every page, in the user's language: German pages write
/// 1234,50 and 26.06.2025, English ones 1234.50 and 2025-06-26. Every module formats through here,
/// so one figure never reads two ways on two pages.
enum Formatting {
    /// A decimal number as Core prints it ("12.5"), with the locale's decimal mark.
    static func number(_ text: String, locale: String) -> String {
        locale == "de" ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// Always with cents ("12.50", not the "12.5" someone typed); three decimals stay.
    static func money(_ amount: Amount, locale: String) -> String {
        number((amount.decimals < 2 ? amount.asHundredths : amount).description, locale: locale)
    }

    static func money(hundredths: Int, locale: String) -> String {
        money(Amount(hundredths: hundredths), locale: locale)
    }

    /// "26.06.2025" in German, "2025-06-26" otherwise; "" for none or a stored value that is no date.
    static func date(_ iso: String?, locale: String) -> String {
        guard let iso, let date = CalendarDate(iso: iso) else { return "" }
        return day(date, locale: locale)
    }

    static func day(_ date: CalendarDate, locale: String) -> String {
        locale == "de" ? "\(twoDigits(date.day)).\(twoDigits(date.month)).\(date.year)" : date.description
    }

    /// A moment as dates read on every page plus a 24-hour time, in the server's time zone:
    /// "25.11.2026 14:52" in German, "2026-11-25 14:52" otherwise; "" for none.
    static func dateTime(_ date: Date?, locale: String, seconds: Bool = false) -> String {
        guard let date else { return "" }
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: date)
        guard let year = parts.year, let month = parts.month, let dayOfMonth = parts.day,
              let calendarDay = CalendarDate(year: year, month: month, day: dayOfMonth) else { return "" }
        let time = "\(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0))" + (seconds ? ":\(twoDigits(parts.second ?? 0))" : "")
        return "\(day(calendarDay, locale: locale)) \(time)"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// "June 2025" / "Juni 2025".
    static func monthLabel(_ month: YearMonth, locale: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        guard let date = calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1)) else { return month.description }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("MMMMyyyy")
        return formatter.string(from: date)
    }
}
