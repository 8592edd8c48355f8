/// Which open shopping-list items a receipt's lines bought, so the person can tick them off in one
/// go. Receipt lines are upper-case, abbreviated and misread ("BIO VOLLMILCH 3.5% 1L", "Apfel Gala");
/// list items are what a person typed ("Milch", "Äpfel"). An item matches a line when every word of
/// its name is in the line: equal, contained in a longer word ("MILCH" in "VOLLMILCH"), or one edit
/// away for words of five letters or more. Accents and case are ignored. A brand, when the item has
/// one and the line names it too, ranks that line first. Only offered, never ticked unasked: a
/// wrong offer costs one untick.
public enum ShoppingListMatch {
    public struct Item<ID: Hashable & Sendable>: Sendable {
        public let id: ID
        public let name: String
        public let brand: String?

        public init(id: ID, name: String, brand: String?) {
            self.id = id
            self.name = name
            self.brand = brand
        }
    }

    /// Each matched item with the index of the line it matched best, in the order of `items`.
    public static func matches<ID>(_ items: [Item<ID>], lines: [String]) -> [(item: ID, line: Int)] {
        let lineWords = lines.map(words)
        return items.compactMap { item in
            let nameWords = words(item.name)
            guard !nameWords.isEmpty else { return nil }
            let brandWords = words(item.brand ?? "")
            var best: (line: Int, score: Int)?
            for (index, candidate) in lineWords.enumerated() where contains(candidate, all: nameWords) {
                let score = !brandWords.isEmpty && contains(candidate, all: brandWords) ? 2 : 1
                if score > (best?.score ?? 0) { best = (index, score) }
            }
            return best.map { (item.id, $0.line) }
        }
    }

    /// Words are capped: a list item or receipt line is short, and the comparison is quadratic.
    static let maximumWords = 12
    static let maximumWordLength = 40

    /// Lower-case letters and digits with accents folded; words of one character carry no meaning
    /// here ("1", "x").
    static func words(_ text: String) -> [[Character]] {
        let folded = text.folded().lowercased()
        let split = folded.split { !($0.isLetter || $0.isNumber) }
        return split.filter { $0.count >= 2 }.prefix(maximumWords).map { Array($0.prefix(maximumWordLength)) }
    }

    static func contains(_ line: [[Character]], all wanted: [[Character]]) -> Bool {
        wanted.allSatisfy { word in line.contains { matches(word, in: $0) } }
    }

    static func matches(_ word: [Character], in lineWord: [Character]) -> Bool {
        if word == lineWord { return true }
        if word.count >= 4, lineWord.count > word.count, String(lineWord).contains(String(word)) { return true }
        return word.count >= 5 && abs(word.count - lineWord.count) <= 1 && MerchantMatcher.editDistance(word, lineWord) <= 1
    }
}
