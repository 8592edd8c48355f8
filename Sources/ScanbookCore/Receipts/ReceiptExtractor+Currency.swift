/// The currency of a receipt: the mark printed beside its amounts, else the one its country uses.
extension ReceiptExtractor {
    /// The ISO 4217 code of the currency printed most often (one vote per line; "RM 12.50" on
    /// ten lines outweighs a "US$" in an advert). With no mark printed, the currency of the country
    /// a country-only word names ("Sdn Bhd": Malaysia); nil when neither: the user confirms it.
    /// A bare "$" is the local money's sign in many countries (Malaysian shops print it for
    /// ringgit): there the named country's currency wins, and only without one is it USD.
    func findCurrency(_ lines: [String]) -> String? {
        var votes: [(code: String, count: Int)] = []
        for line in lines {
            for code in Self.currencyCodes(on: line) {
                if let index = votes.firstIndex(where: { $0.code == code }) { votes[index].count += 1 } else { votes.append((code, 1)) }
            }
        }
        // Ties: the first seen, which is where receipts print it first (the header, the total).
        let printed = votes.enumerated().max { ($0.element.count, -$0.offset) < ($1.element.count, -$1.offset) }?.element.code
        guard printed == nil || printed == Self.dollarSign else { return printed }
        return Self.countryCurrency(lines) ?? printed.map { _ in "USD" }
    }

    /// The vote of a bare "$", settled by `findCurrency`.
    static let dollarSign = "$"

    /// The ISO codes of the currency marks printed on one line, each once.
    static func currencyCodes(on line: String) -> [String] {
        let upper = line.uppercased()
        var codes: [String] = []
        for (mark, code) in ReceiptVocabulary.currencies where !codes.contains(code) && marksCurrency(mark, in: upper) {
            codes.append(code)
        }
        return codes
    }

    /// Whether `mark` stands on the line as a currency, not as part of something else:
    /// - never glued to a letter before it ("FORM", "C$1801" and "US$" hold "RM", "$" and "S$");
    /// - a mark of letters not glued to a letter after it ("EURO", "RMK");
    /// - a sign ("$", "£", "€") only beside an amount with cents ("$8.20", "4,68 €"): alone
    ///   it is as likely a misread "S" or "E" in a receipt number;
    /// - "Fr.", also Friday and Frau, only before an amount.
    static func marksCurrency(_ mark: String, in upper: String) -> Bool {
        let isSign = mark.contains { !$0.isLetter && $0 != "." }
        var rest = upper[...]
        while let range = rest.firstRange(of: mark) {
            defer { rest = rest[range.upperBound...] }
            let before = upper[..<range.lowerBound], after = upper[range.upperBound...]
            if before.last?.isLetter == true { continue }
            if mark.last?.isLetter == true, after.first?.isLetter == true { continue }
            if isSign, !endsWithAmount(before), !startsWithAmount(after) { continue }
            if mark.hasSuffix("."), after.drop(while: { $0 == " " }).first?.isNumber != true { continue }
            return true
        }
        return false
    }

    /// "  12.50 …", "8,20": digits, a decimal mark and two digits first (after spaces).
    private static func startsWithAmount(_ text: Substring) -> Bool {
        let digits = text.drop { $0 == " " }
        let whole = digits.prefix { $0.isNumber }
        guard !whole.isEmpty else { return false }
        let rest = digits.dropFirst(whole.count)
        guard let mark = rest.first, mark == "." || mark == "," else { return false }
        let cents = rest.dropFirst().prefix { $0.isNumber }
        return cents.count == 2
    }

    /// "… 4,68 ", "12.50": digits, a decimal mark and two digits last (before spaces).
    private static func endsWithAmount(_ text: Substring) -> Bool {
        let trimmed = text.reversed().drop { $0 == " " }
        let cents = trimmed.prefix { $0.isNumber }
        guard cents.count == 2 else { return false }
        let rest = trimmed.dropFirst(2)
        guard let mark = rest.first, mark == "." || mark == "," else { return false }
        return rest.dropFirst().first?.isNumber == true
    }

    /// The currency of the country named by a word only that country's receipts print, or by the
    /// country prefix of the shop's VAT number.
    static func countryCurrency(_ lines: [String]) -> String? {
        for line in lines {
            if let code = vatNumberCurrency(line) { return code }
            let text = TotalKeywords.normalized(line)
            if let country = ReceiptVocabulary.countryMarks.first(where: { TotalKeywords.containsAny(text, $0.phrases) }) {
                return country.code
            }
        }
        return nil
    }

    /// A VAT number's country prefix and digits as the countries issue them: Germany "DE" and nine
    /// digits, Austria "ATU" and eight, France "FR", two characters and nine digits, Italy "IT" and
    /// eleven, Switzerland's enterprise number "CHE-123.456.789".
    static func vatNumberCurrency(_ line: String) -> String? {
        // Every number below has eight digits or more: most lines skip the regex engine.
        guard line.filter(\.isNumber).count >= 8 else { return nil }
        let upper = line.uppercased()
        if upper.contains(/\bCHE[- ]?\d{3}[. ]?\d{3}[. ]?\d{3}\b/) { return "CHF" }
        let euro = [/\bDE ?\d{9}\b/, /\bATU ?\d{8}\b/, /\bFR ?[0-9A-Z]{2} ?\d{9}\b/, /\bIT ?\d{11}\b/]
        return euro.contains { upper.contains($0) } ? "EUR" : nil
    }
}
