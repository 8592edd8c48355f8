import Foundation
import ScanbookCore

extension YearMonth {
    /// A month as a person types it where the browser has no month field: "2018-04" (what the
    /// field sends), "2018-4", "04.2018", "4/2018". nil for anything else.
    init?(typed text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count <= 10 else { return nil }
        if let month = YearMonth(trimmed) {
            self = month
            return
        }
        let parts = trimmed.split(whereSeparator: { "-./".contains($0) }).map(String.init)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let (yearText, monthText) = parts[0].count == 4 ? (parts[0], parts[1]) : (parts[1], parts[0])
        guard yearText.count == 4, (1...2).contains(monthText.count), let year = Int(yearText), let month = Int(monthText),
              let value = YearMonth(year: year, month: month) else { return nil }
        self = value
    }
}
