/// Proposes a category for a new receipt: the merchant's last category, else the category most
/// often chosen for merchants sharing a word with this one (past corrections), else none.
public enum CategorySuggestion {
    /// A receipt the user categorized earlier.
    public struct Past<CategoryID: Hashable & Sendable>: Sendable {
        public let merchant: String
        public let category: CategoryID

        public init(merchant: String, category: CategoryID) {
            self.merchant = merchant
            self.category = category
        }
    }

    public static func suggest<CategoryID: Hashable & Sendable>(
        merchantLastCategory: CategoryID?, merchant: String?, past: [Past<CategoryID>]
    ) -> CategoryID? {
        if let merchantLastCategory { return merchantLastCategory }
        guard let merchant else { return nil }
        let words = significantWords(merchant)
        guard !words.isEmpty else { return nil }
        var votes: [CategoryID: Int] = [:]
        var order: [CategoryID] = []
        for item in past where !significantWords(item.merchant).isDisjoint(with: words) {
            if votes[item.category] == nil { order.append(item.category) }
            votes[item.category, default: 0] += 1
        }
        // Most votes; among equals the one seen first (callers pass the newest receipts first).
        return order.max { (votes[$0]!, -order.firstIndex(of: $0)!) < (votes[$1]!, -order.firstIndex(of: $1)!) }
    }

    /// Words of four or more letters that are not company forms ("Migros", "Apotheke"; not "AG").
    static func significantWords(_ name: String) -> Set<String> {
        let words = TotalKeywords.normalized(name.folded()).split(separator: " ").map(String.init)
        return Set(words.filter { $0.count >= 4 && $0.allSatisfy(\.isLetter) && !MerchantGuess.companyForms.contains($0) })
    }
}
