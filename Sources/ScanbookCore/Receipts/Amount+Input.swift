extension Amount {
    /// An amount a person typed: "12", "12.5", "12,50", "1'234.50", "1.234,50", optionally with a
    /// currency ("CHF 12.50"), read by `TypedNumber`'s rule (`mark` decides "1.234"). Unlike OCR
    /// text no letter is repaired; nil for anything else, a negative value or a third decimal.
    public init?(typed text: String, mark: DecimalMark = .point) {
        var token = text.trimmingWhitespace()
        for currency in ["CHF", "EUR", "RM", "Fr.", "€", "$"] where token.hasPrefix(currency) || token.hasSuffix(currency) {
            token = token.replacing(currency, with: "").trimmingWhitespace()
        }
        // Money typed is never negative, has at most two decimals and at most 9,999,999 whole.
        guard let number = TypedNumber(token, mark: mark), number.units >= 0, number.decimals <= 2,
              let hundredths = number.scaled(to: 2), hundredths <= 999_999_999 else { return nil }
        self.init(minorUnits: number.decimals == 0 ? hundredths : number.units, decimals: number.decimals == 0 ? 2 : number.decimals)
    }

    /// The same value with two decimals, as budgets and sums use it.
    public var asHundredths: Amount { Amount(minorUnits: hundredths, decimals: 2) }
}
