/// Words that mark the paid total, and words that mark lines that only look like one.
/// Users extend `totals` with their own keywords (learned from corrections).
public struct TotalKeywords: Sendable, Equatable, Codable {
    /// Lower-cased phrases with a weight: a stronger phrase wins over a weaker one on the same receipt.
    public var totals: [String: Int]

    /// The `[total]` phrases of the receipt words files.
    public static let defaultTotals: [String: Int] = ReceiptLexicon.standard.weights

    /// The `[total]` phrases alone.
    static let defaultPhrases = Array(defaultTotals.keys)

    /// Phrases that disqualify a line: sub-totals, counts, taxes, rounding, savings, payment and change.
    static let excluded: [String] = ReceiptVocabulary.partial + ReceiptVocabulary.net + ReceiptVocabulary.tax + ReceiptVocabulary.rounding
        + ReceiptVocabulary.savings + ReceiptVocabulary.handedOver + ReceiptVocabulary.paymentMethods + ReceiptVocabulary.change

    /// The `[total]` phrases that hold one of those words ("after rounding", "to be paid"): a line
    /// saying one of them states the total all the same.
    static let totalsDespiteExcludedWords: [String] = defaultPhrases.filter { containsAny($0, excluded) }

    public init(totals: [String: Int] = TotalKeywords.defaultTotals) {
        self.totals = totals
    }

    public static let standard = TotalKeywords()

    /// The strongest total phrase on the line, unless the line is disqualified.
    func weight(of line: String) -> Int? {
        let text = Self.misreadTotalRepaired(Self.normalized(line))
        if Self.containsAny(text, Self.excluded) {
            // "Total incl. GST 9.00" still states the total; "Total GST 0.51" and "GST incl. 0.51" do not.
            let inclusive = ReceiptVocabulary.statesTaxIncluded(text)
            // "Total after rounding 85.10" is the rounded total, not the rounding line; "Amount to be
            // paid 25.45" is what is due, not what was handed over.
            let statesTotal = Self.containsAny(text, Self.totalsDespiteExcludedWords)
            guard statesTotal || inclusive, !ReceiptVocabulary.statesTaxExcluded(text),
                  !ReceiptVocabulary.tax.contains(where: { text.hasPrefix($0) }) else { return nil }
        }
        // The line split once for all phrases: this runs for every line of every receipt.
        let words = text.split(separator: " ")
        return totals.compactMap { Self.contains(words, Self.phraseWords($0.key)) ? $0.value : nil }.max()
    }

    /// "iotal", "fotal", "tota1": OCR's readings of "total" one letter off, which fail every
    /// phrase with it. No other five-letter word on a receipt is one letter from "total".
    static func misreadTotalRepaired(_ text: String) -> String {
        func misread(_ word: Substring) -> Bool { word.count == 5 && zip(word, "total").filter { $0 != $1 }.count == 1 }
        let words = text.split(separator: " ")
        guard words.contains(where: misread) else { return text }
        return words.map { misread($0) ? "total" : $0 }.joined(separator: " ")
    }

    static func normalized(_ line: String) -> String {
        String(line.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " })
            .split(separator: " ").joined(separator: " ")
    }

    /// Whether normalized `text` holds any of `phrases` as whole words. The text is split once for
    /// all phrases: this runs for every line against every list.
    static func containsAny(_ text: String, _ phrases: [String]) -> Bool {
        let words = text.split(separator: " ")
        return phrases.contains { contains(words, phraseWords($0)) }
    }

    /// Whole-word containment: "total" is in "grand total rm" but not in "totalisator".
    static func containsPhrase(_ text: String, _ phrase: String) -> Bool {
        contains(text.split(separator: " "), phraseWords(phrase))
    }

    private static func contains(_ words: [Substring], _ wanted: [Substring]) -> Bool {
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { start in
            words[start..<start + wanted.count].elementsEqual(wanted)
        }
    }

    /// A phrase's words; the vocabulary's are written normalized already and skip normalizing.
    private static func phraseWords(_ phrase: String) -> [Substring] {
        // Plain ASCII first: asking Unicode's properties of every character of every phrase, for
        // every line, took about a fifth of finding a receipt's fields.
        let plain = phrase.utf8.allSatisfy { $0 == UInt8(ascii: " ") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if plain || phrase.allSatisfy({ $0 == " " || $0.isLowercase || $0.isNumber }) { return phrase.split(separator: " ") }
        return Substring(normalized(phrase)).split(separator: " ")
    }
}
