import Foundation
import ScanbookCore
import Testing
@testable import ScanbookServer

/// One way to write numbers, money and dates per language, whichever module shows them.
@Suite struct FormattingTests {
    @Test func germanPagesUseTheCommaAndDayFirstDates() throws {
        let amount = try #require(Amount(typed: "1234.5"))
        #expect(Formatting.money(amount, locale: "de") == "1234,50")
        #expect(Formatting.money(amount, locale: "en") == "1234.50")
        #expect(Formatting.date("2025-06-26", locale: "de") == "26.06.2025")
        #expect(Formatting.date("2025-06-26", locale: "en") == "2025-06-26")
        #expect(Formatting.date("26/06/2025", locale: "de") == "", "only ISO dates are stored")
    }

    @Test func timesFollowTheLanguage() throws {
        // Noon UTC is the same day in every time zone the server may run in.
        let moment = try #require(ISO8601DateFormatter().date(from: "2026-11-25T12:00:05Z"))
        #expect(Formatting.dateTime(moment, locale: "de").hasPrefix("25.11.2026 "))
        #expect(Formatting.dateTime(moment, locale: "en").hasPrefix("2026-11-25 "))
        #expect(Formatting.dateTime(moment, locale: "en", seconds: true).hasSuffix(":05"))
        #expect(Formatting.dateTime(nil, locale: "de") == "")
    }
}
