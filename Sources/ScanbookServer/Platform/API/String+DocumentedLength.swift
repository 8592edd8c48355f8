/// Text limits as the API document's `maxLength` states them: code points of the value as sent,
/// before any trimming. Counting characters of the trimmed text instead would take 60 letters and
/// a space, or an accent sent as a combining mark, past a limit of 60 that the document promises
/// is refused (and the fuzz suite checks that promise).
extension String {
    func exceedsDocumentedLength(_ maximum: Int) -> Bool { unicodeScalars.count > maximum }
}

extension Optional where Wrapped == String {
    /// Nothing sent is within any limit.
    func exceedsDocumentedLength(_ maximum: Int) -> Bool { self?.exceedsDocumentedLength(maximum) ?? false }
}
