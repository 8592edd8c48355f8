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
        let words = WordLine(text)
        if Self.excluded.contains(where: words.contains) {
            // "Total incl. GST 9.00" still states the total; "Total GST 0.51" and "GST incl. 0.51" do not.
            let inclusive = ReceiptVocabulary.statesTaxIncluded(text)
            // "Total after rounding 85.10" is the rounded total, not the rounding line; "Amount to be
            // paid 25.45" is what is due, not what was handed over.
            let statesTotal = Self.totalsDespiteExcludedWords.contains(where: words.contains)
            guard statesTotal || inclusive, !ReceiptVocabulary.statesTaxExcluded(text),
                  !ReceiptVocabulary.tax.contains(where: { text.hasPrefix($0) }) else { return nil }
        }
        return totals.compactMap { words.contains($0.key) ? $0.value : nil }.max()
    }

    /// "iotal", "fotal", "tota1": OCR's readings of "total" one letter off, which fail every
    /// phrase with it. No other five-letter word on a receipt is one letter from "total".
    static func misreadTotalRepaired(_ text: String) -> String {
        func misread(_ word: Substring) -> Bool { word.count == 5 && zip(word, "total").filter { $0 != $1 }.count == 1 }
        let words = text.split(separator: " ")
        guard words.contains(where: misread) else { return text }
        return words.map { misread($0) ? "total" : $0 }.joined(separator: " ")
    }

    /// Lower-cased letters and digits, every other run of characters one space, none at the ends.
    static func normalized(_ line: String) -> String {
        if let ascii = normalizedASCII(line) { return ascii }
        return String(line.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " })
            .split(separator: " ").joined(separator: " ")
    }

    /// The same for an all-ASCII line, byte by byte (asking Unicode's properties of every
    /// character was a sixth of finding a receipt's fields); nil for any other line.
    private static func normalizedASCII(_ line: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(line.utf8.count)
        var gap = false
        for byte in line.utf8 {
            guard byte < 0x80 else { return nil }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower) else {
                gap = true
                continue
            }
            if gap && !out.isEmpty { out.append(UInt8(ascii: " ")) }
            gap = false
            out.append(lower)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether normalized `text` holds any of `phrases` as whole words. This runs for every line
    /// against every list, so the text is prepared once for all phrases.
    static func containsAny(_ text: String, _ phrases: [String]) -> Bool {
        let line = WordLine(text)
        return phrases.contains { line.contains($0) }
    }

    /// Whole-word containment: "total" is in "grand total rm" but not in "totalisator".
    static func containsPhrase(_ text: String, _ phrase: String) -> Bool {
        WordLine(text).contains(phrase)
    }

    /// A normalized line, asked for one phrase after another. An ASCII line and a phrase written
    /// in lower-case ASCII words one space apart (the vocabulary's are) are compared byte for byte,
    /// without splitting either: splitting every phrase for every line took half the time of
    /// finding a receipt's fields. Anything else is compared word by word as Swift compares text.
    private struct WordLine {
        /// The line's words (split at spaces), and the same words one space apart as bytes when
        /// the line is all ASCII.
        let words: [Substring]
        let bytes: [UInt8]?

        init(_ text: String) {
            words = text.split(separator: " ")
            bytes = text.utf8.allSatisfy { $0 < 0x80 } ? Array(words.joined(separator: " ").utf8) : nil
        }

        func contains(_ phrase: String) -> Bool {
            if let bytes, let found = Self.containsPlain(phrase, in: bytes) { return found }
            return TotalKeywords.contains(words, phraseWords(phrase))
        }

        /// Whether `line` holds `phrase` between spaces or its ends, or nil when the phrase is not
        /// lower-case ASCII words one space apart.
        static func containsPlain(_ phrase: String, in line: [UInt8]) -> Bool? {
            var phrase = phrase
            return phrase.withUTF8 { wanted -> Bool? in
                guard let first = wanted.first, let last = wanted.last, first != space, last != space else { return nil }
                var previous: UInt8 = 0
                for byte in wanted {
                    guard (lowerA...lowerZ).contains(byte) || (digit0...digit9).contains(byte) || (byte == space && previous != space) else { return nil }
                    previous = byte
                }
                guard wanted.count <= line.count else { return false }
                for start in 0...(line.count - wanted.count) where start == 0 || line[start - 1] == space {
                    let end = start + wanted.count
                    guard end == line.count || line[end] == space else { continue }
                    if (0..<wanted.count).allSatisfy({ line[start + $0] == wanted[$0] }) { return true }
                }
                return false
            }
        }

        private static let space = UInt8(ascii: " "), lowerA = UInt8(ascii: "a"), lowerZ = UInt8(ascii: "z")
        private static let digit0 = UInt8(ascii: "0"), digit9 = UInt8(ascii: "9")
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
