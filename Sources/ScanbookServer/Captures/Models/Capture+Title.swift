import Foundation
import ScanbookCore

extension Capture {
    /// Longest title a user may give a scan (the list stays readable, the column small).
    static let maximumTitleLength = 120
    /// A default title shows at most this much of the first recognized line.
    static let defaultTitleLength = 60

    /// The title to show: the user's own, else the first of the top recognized lines that reads
    /// as words (OCR noise such as "Auen D nd" does not), else the kind and date.
    func displayTitle(kindLabel: String, locale: String) -> String {
        if let title, !title.isEmpty { return title }
        let readable = (recognizedText ?? "").split(whereSeparator: \.isNewline)
            .lazy.map { $0.trimmingCharacters(in: .whitespaces) }.prefix(5)
            .first { $0.filter(\.isLetter).count >= 4 && MerchantGuess.readsAsWords($0) }
        if let readable { return String(readable.prefix(Self.defaultTitleLength)) }
        return "\(kindLabel) · \(Formatting.dateTime(createdAt, locale: locale))"
    }

    /// A title as the user typed it: line breaks and other control characters become spaces, the
    /// ends are trimmed, empty means "no title". Longer than `maximumTitleLength` is refused.
    static func checkedTitle(_ raw: String?) throws(UserFacingError) -> String? {
        let flattened = String((raw ?? "").unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
        let title = flattened.trimmingCharacters(in: .whitespaces)
        guard !raw.exceedsDocumentedLength(maximumTitleLength) else {
            throw UserFacingError(.unprocessableEntity, "capture_titleTooLong", ["maximum": "\(maximumTitleLength)"])
        }
        return title.isEmpty ? nil : title
    }
}
