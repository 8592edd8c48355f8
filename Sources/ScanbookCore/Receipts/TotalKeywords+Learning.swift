extension TotalKeywords {
    /// The weight a learned keyword gets: as strong as "total", so it competes with the defaults.
    public static let learnedWeight = 3

    /// What a user's correction teaches: the words on the line that holds the corrected total
    /// ("Endsumme EUR 12,40" → "endsumme"). Nil when the line has no words, only a currency, or
    /// a phrase that marks lines that are never the total (change, VAT, …).
    public static func learnablePhrase(fromLine line: String) -> String? {
        let currencies: Set<String> = ["chf", "eur", "rm", "fr", "sfr", "usd", "sgd", "gbp", "myr"]
        let words = normalized(line).split(separator: " ").map(String.init)
            .filter { word in word.count >= 2 && word.allSatisfy(\.isLetter) && !currencies.contains(word) }
        guard !words.isEmpty else { return nil }
        let phrase = words.prefix(3).joined(separator: " ")
        guard !excluded.contains(where: { containsPhrase(phrase, $0) }) else { return nil }
        return phrase
    }

    /// The index of the first line that shows `amount` (compared as a value), if any.
    public static func line(showing amount: Amount, in lines: [String]) -> Int? {
        lines.firstIndex { line in AmountParser.amounts(in: line).contains { $0.amount.sameValue(as: amount) } }
    }

    /// Lower-cased, single spaces, letters and digits only: how phrases are stored and compared.
    public static func canonicalPhrase(_ phrase: String) -> String { normalized(phrase) }
}
