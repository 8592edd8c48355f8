/// Money in a currency other than the budget's: budgets add only like with like, so receipts in
/// another currency are summed apart per currency (no exchange rates are guessed).
public struct CurrencyTotal: Sendable, Equatable {
    public let currency: String
    /// Hundredths of `currency`.
    public let hundredths: Int
    public let receipts: Int

    public init(currency: String, hundredths: Int, receipts: Int) {
        self.currency = currency
        self.hundredths = hundredths
        self.receipts = receipts
    }

    /// Whether a receipt's money belongs in a budget kept in `home`. A receipt without a
    /// currency (stored before currencies were asked for) counts as the home currency.
    public static func belongs(_ currency: String?, in home: String) -> Bool {
        guard let currency, !currency.isEmpty else { return true }
        return currency.uppercased() == home.uppercased()
    }

    /// The totals of receipts not in `home`, per currency, in code order.
    public static func apart(from home: String, _ receipts: [(currency: String?, hundredths: Int)]) -> [CurrencyTotal] {
        var sums: [String: (hundredths: Int, receipts: Int)] = [:]
        for receipt in receipts where !belongs(receipt.currency, in: home) {
            let code = (receipt.currency ?? "").uppercased()
            let sum = sums[code] ?? (0, 0)
            sums[code] = (sum.hundredths.adding(saturating: receipt.hundredths), sum.receipts + 1)
        }
        return sums.keys.sorted().compactMap { code in
            sums[code].map { CurrencyTotal(currency: code, hundredths: $0.hundredths, receipts: $0.receipts) }
        }
    }
}
