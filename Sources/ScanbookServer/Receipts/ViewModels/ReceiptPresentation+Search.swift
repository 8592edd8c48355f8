import Foundation
import ScanbookCore
import Vapor

extension ReceiptPresentation {
    /// Matches shown at once on the page; the summary says when there are more (narrow the search).
    static let searchPageSize = 100

    static func picker(_ month: YearMonth, ownerID: UUID, open: Bool, context: ServiceContext) async throws -> ReceiptMonthPicker {
        let months = try await ReceiptService.monthsWithReceipts(ownerID: ownerID, on: context.db)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: context.locale)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        // "Apr" / "Apr.": short enough for a phone row of twelve.
        let names = formatter.shortStandaloneMonthSymbols ?? []
        let years = Dictionary(grouping: months, by: \.month.year).sorted { $0.key > $1.key }.map { year, entries in
            ReceiptMonthPicker.Year(year: year, months: entries.map { entry in
                ReceiptMonthPicker.Month(
                    month: entry.month.description,
                    label: names.indices.contains(entry.month.month - 1) ? names[entry.month.month - 1] : entry.month.description,
                    count: entry.count,
                    url: ReceiptsURL.list.path(query: [("month", entry.month.description)]),
                    current: entry.month == month
                )
            })
        }
        return ReceiptMonthPicker(value: month.description, action: ReceiptsURL.list.path, years: years, open: open && !years.isEmpty)
    }

    static func searchForm(_ query: ReceiptListQuery, month: YearMonth, detailed: Bool) -> ReceiptSearchForm {
        // Echoed as typed, cut to what a field can sensibly show.
        func field(_ value: String?) -> String { String((value ?? "").prefix(ReceiptSearch.maximumTextLength)) }
        return ReceiptSearchForm(
            action: ReceiptsURL.list.path, month: month.description, q: field(query.q), merchant: field(query.merchant),
            min: field(query.min), max: field(query.max), from: field(query.from), to: field(query.to), detailed: detailed
        )
    }

    static func searchResults(_ total: Int, shown: Int, month: YearMonth, context: ServiceContext) -> ReceiptSearchResults {
        let summary = total > shown
            ? context.text("receipts_search_capped", ["shown": "\(shown)", "total": "\(total)"])
            : context.text(total == 1 ? "receipts_search_found_one" : "receipts_search_found", ["count": "\(total)"])
        return ReceiptSearchResults(
            summary: summary,
            clearURL: ReceiptsURL.list.path(query: [("month", month.description)]),
            clearLabel: context.text("receipts_search_clear", ["month": Formatting.monthLabel(month, locale: context.locale)])
        )
    }
}
