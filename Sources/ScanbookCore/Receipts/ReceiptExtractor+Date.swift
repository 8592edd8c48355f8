/// The purchase date and the currency printed on the receipt.
extension ReceiptExtractor {
    func findDate(_ lines: [String]) -> CalendarDate? {
        func isLabelled(_ line: String) -> Bool {
            TotalKeywords.containsAny(TotalKeywords.normalized(line), ReceiptVocabulary.dateLabels)
        }
        // Beside a label, a date after `latestDate` has a misread year ("Date: 31/03/2078");
        // elsewhere it is as likely no date at all ("12.22.50").
        func checked(_ date: CalendarDate, labelled: Bool) -> CalendarDate? {
            if labelled { return yearSlipRepaired(date) }
            if let latestDate, date > latestDate { return nil }
            return date
        }
        func dates(in line: String) -> [CalendarDate] {
            DateParser.dates(in: line).compactMap { checked($0.date, labelled: isLabelled(line)) }
        }
        if let labelled = lines.lazy.filter(isLabelled).map(dates).first(where: { !$0.isEmpty }) { return labelled.first }
        if let anywhere = lines.lazy.compactMap({ dates(in: $0).first }).first { return anywhere }
        // Only next to a "Date" label or a time ("25032018 13:11:54"): separators OCR read as
        // digits ("Date: 1300372018").
        return lines.lazy.filter { isLabelled($0) || $0.contains(/\d:\d\d/) }.compactMap { line in
            DateParser.separatorsReadAsDigits(line).flatMap { checked($0, labelled: isLabelled(line)) }
        }.first
    }

    /// `date`, or when it lies after `latestDate` its reading with one digit of the year
    /// changed ("2078" for "2018"), if exactly one such year lies in the ten years before.
    func yearSlipRepaired(_ date: CalendarDate) -> CalendarDate? {
        guard let latestDate, date > latestDate else { return date }
        let years = Self.oneSlipReadings(of: date.year).filter { (latestDate.year - 10...latestDate.year).contains($0) && $0 >= 1000 }
        guard years.count == 1, let year = years.first,
              let repaired = CalendarDate(year: year, month: date.month, day: date.day), repaired <= latestDate else { return nil }
        return repaired
    }

    /// The ISO 4217 code of the currency printed most often (one vote per line; "RM 12.50" on
    /// ten lines outweighs a "US$" in an advert), nil when none is printed: the user confirms it.
    func findCurrency(_ lines: [String]) -> String? {
        var votes: [(code: String, count: Int)] = []
        for line in lines {
            for code in Self.currencyCodes(on: line) {
                if let index = votes.firstIndex(where: { $0.code == code }) { votes[index].count += 1 } else { votes.append((code, 1)) }
            }
        }
        // Ties: the first seen, which is where receipts print it first (the header, the total).
        return votes.enumerated().max { ($0.element.count, -$0.offset) < ($1.element.count, -$1.offset) }?.element.code
    }

    /// The ISO codes of the currency marks printed on one line, each once.
    static func currencyCodes(on line: String) -> [String] {
        let upper = line.uppercased()
        let words = TotalKeywords.normalized(line).uppercased().split(separator: " ")
        var codes: [String] = []
        for (symbol, code) in ReceiptVocabulary.currencies where upper.contains(symbol) && !codes.contains(code) {
            if ReceiptVocabulary.wordCurrencyMarks.contains(symbol) {
                // "RM", "Fr.": a word of their own or right before a number, not inside a word.
                let bare = symbol.hasSuffix(".") ? String(symbol.dropLast()) : symbol
                guard words.contains(where: { $0 == bare || $0 == symbol || ($0.hasPrefix(bare) && $0.dropFirst(bare.count).first?.isNumber == true) }) else { continue }
                if symbol.hasSuffix("."), !isFollowedByAmount(symbol, in: upper) { continue }
            }
            // "S$" holds "$" (so does "US$", whose USD is already counted on this line).
            if symbol == "$", upper.contains("S$") { continue }
            codes.append(code)
        }
        return codes
    }

    /// "FR. 12.50", "Fr.12.50": a mark that is also an abbreviation ("Fr." for Friday, Frau)
    /// names a currency only before an amount.
    static func isFollowedByAmount(_ symbol: String, in upper: String) -> Bool {
        var rest = Substring(upper)
        while let range = rest.firstRange(of: symbol) {
            let after = rest[range.upperBound...].drop { $0 == " " }
            if after.first?.isNumber == true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
