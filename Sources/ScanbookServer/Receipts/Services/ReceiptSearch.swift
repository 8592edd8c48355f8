import Foundation
import ScanbookCore
import Vapor

/// A search over all of a user's receipts (`?q=&merchant=&min=&max=&from=&to=`), checked once for
/// the page and the API alike. Every part is optional; none set means the month view.
struct ReceiptSearch: Sendable, Equatable {
    /// Words that must each appear in the merchant's name, the note or the recognized text.
    var words: [String] = []
    /// Part of the merchant's name.
    var merchant: String?
    var minimumHundredths: Int?
    var maximumHundredths: Int?
    var from: CalendarDate?
    var to: CalendarDate?

    /// Longer input is a paste gone wrong, not a search; it is refused rather than cut.
    static let maximumTextLength = 200
    /// More words than this only slow the query down without narrowing it in practice.
    static let maximumWords = 8

    var isActive: Bool { !words.isEmpty || isDetailed }

    /// Anything beyond the words: the page then shows those fields unfolded.
    var isDetailed: Bool { merchant != nil || minimumHundredths != nil || maximumHundredths != nil || from != nil || to != nil }

    /// Reads the query's search fields (amounts by `mark`, the page's one number rule); every
    /// problem at once, as a 400 naming the field and its value. `strict` (the API): a field sent
    /// empty is a mistake, dates are ISO only and amounts plain decimals with a point, as the API
    /// document says; the page's form sends its empty fields and takes what people type.
    init(_ query: ReceiptListQuery, mark: DecimalMark, strict: Bool = false) throws(UserFacingError) {
        var problems: [LocalizedProblem] = []
        func text(_ value: String?, field: String) -> String? {
            guard let value else { return nil }
            // Checked as sent, before trimming, and counted as the API document counts (code
            // points): a newline alone is a control character there too, not an empty search.
            guard !value.exceedsDocumentedLength(Self.maximumTextLength) else {
                problems.append(.init(key: "receipts_searchTooLong", arguments: ["field": field, "maximum": "\(Self.maximumTextLength)"]))
                return nil
            }
            // PostgreSQL refuses a NUL in text outright; no stored name or text holds a control character.
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                problems.append(.init(key: "receipts_searchInvalid", arguments: ["field": field]))
                return nil
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            return trimmed
        }
        // The API takes a value exactly as its pattern allows it (a space around it is a mistake
        // there too); the page trims what people type.
        func typed(_ value: String?) -> String? {
            guard let value else { return nil }
            if strict { return value }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
        func amount(_ value: String?) -> Int? {
            guard let trimmed = typed(value) else { return nil }
            let plain = !strict || Self.isPlainAmount(trimmed)
            guard plain, let hundredths = Amount(typed: trimmed, mark: strict ? .point : mark)?.hundredths else {
                problems.append(.init(key: "receipts_invalidTotal", arguments: ["value": String(trimmed.prefix(40))]))
                return nil
            }
            return hundredths
        }
        func date(_ value: String?) -> CalendarDate? {
            guard let trimmed = typed(value) else { return nil }
            // The date parser reads receipt lines; a short field is all a date needs.
            guard trimmed.count <= 20, let date = CalendarDate(iso: trimmed) ?? (strict ? nil : DateParser.parse(trimmed)) else {
                problems.append(.init(key: "receipts_invalidDate", arguments: ["value": String(trimmed.prefix(40))]))
                return nil
            }
            return date
        }
        let words = text(query.q, field: "q").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
        self.words = Array(words.prefix(Self.maximumWords))
        merchant = text(query.merchant, field: "merchant")
        minimumHundredths = amount(query.min)
        maximumHundredths = amount(query.max)
        from = date(query.from)
        to = date(query.to)
        guard problems.isEmpty else { throw UserFacingError(.badRequest, problems) }
        // Each field reads, but the search is not one to run (too many words; a range that asks for
        // nothing): for the API a 422, since the document's schema cannot say so, for the page its
        // usual 400 with the form again.
        if words.count > Self.maximumWords {
            problems.append(.init(key: "receipts_searchTooManyWords", arguments: ["maximum": "\(Self.maximumWords)"]))
        }
        if let minimumHundredths, let maximumHundredths, minimumHundredths > maximumHundredths {
            problems.append(.init(key: "receipts_searchAmountOrder"))
        }
        if let from, let to, from > to {
            problems.append(.init(key: "receipts_searchDateOrder"))
        }
        guard problems.isEmpty else { throw UserFacingError(strict ? .unprocessableEntity : .badRequest, problems) }
    }

    /// "12", "3.5", "1234.50": what the API document's pattern for `min` and `max` allows.
    static func isPlainAmount(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...7).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return parts.count == 1 || ((1...2).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isNumber })
    }
}
