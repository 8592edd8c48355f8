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
        guard let parsed = AmountParser.parse(token) else { return nil }
        self = parsed
    }

    /// The same value with two decimals, as budgets and sums use it.
    public var asHundredths: Amount { Amount(minorUnits: hundredths, decimals: 2) }
}
