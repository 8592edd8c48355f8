extension Amount {
    /// An amount a person typed: "12", "12.5", "12,50", "1'234.50", "1.234,50", optionally with a
    /// currency ("CHF 12.50"). Unlike OCR text no letter is repaired; nil for anything else or a
    /// negative value.
    public init?(typed text: String) {
        var token = text.trimmingWhitespace()
        for currency in ["CHF", "EUR", "RM", "Fr.", "€", "$"] where token.hasPrefix(currency) || token.hasSuffix(currency) {
            token = token.replacing(currency, with: "").trimmingWhitespace()
        }
        guard !token.isEmpty, token.allSatisfy({ $0.isASCII && ($0.isNumber || ".,'".contains($0)) }) else { return nil }
        if token.allSatisfy(\.isNumber) {
            guard token.count <= 7, let whole = Int(token) else { return nil }
            self.init(minorUnits: whole * 100, decimals: 2)
            return
        }
        // "1'850": the apostrophe only ever groups thousands (Swiss), so no decimals is unambiguous.
        let groups = token.split(separator: "'", omittingEmptySubsequences: false)
        if groups.count > 1, groups.allSatisfy({ $0.allSatisfy(\.isNumber) }), (1...3).contains(groups[0].count),
           groups.dropFirst().allSatisfy({ $0.count == 3 }), let whole = Int(groups.joined()), whole <= 9_999_999 {
            self.init(minorUnits: whole * 100, decimals: 2)
            return
        }
        guard let parsed = AmountParser.parse(token) else { return nil }
        self = parsed
    }

    /// The same value with two decimals, as budgets and sums use it.
    public var asHundredths: Amount { Amount(minorUnits: hundredths, decimals: 2) }
}
