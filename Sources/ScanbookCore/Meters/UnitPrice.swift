/// A price per unit of a meter (per kWh, per m³), kept in ten-thousandths of the currency because
/// tariffs carry more decimals than money ("0.2735"). Costs are rounded to hundredths.
public struct UnitPrice: Sendable, Equatable, Codable, CustomStringConvertible {
    public static let scale = 10_000
    public let tenThousandths: Int

    public init(tenThousandths: Int) {
        self.tenThousandths = tenThousandths
    }

    /// "0.2735", "0,27", "1'250", "12": up to four decimals, not negative; nil otherwise.
    public init?(typed text: String) {
        let cleaned = String(text.trimmingWhitespace().filter { $0 != "'" }.map { $0 == "," ? "." : $0 })
        let parts = cleaned.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 9,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int(parts[0]) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 4 else { return nil }
        let padded = fraction + String(repeating: "0", count: 4 - fraction.count)
        tenThousandths = whole * Self.scale + (Int(padded) ?? 0)
    }

    /// "0.2735"; at least two decimals, trailing zeros beyond them dropped ("0.20", "0.275").
    public var description: String {
        var fraction = String(tenThousandths % Self.scale)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(tenThousandths / Self.scale).\(fraction)"
    }

    /// What `steps` of `counter` cost, in hundredths, rounded half up.
    public func cost(ofSteps steps: Int, on counter: MeterCounter) -> Amount {
        var divisor = Self.scale / 100
        for _ in 0..<counter.decimals { divisor *= 10 }
        let product = steps * tenThousandths
        let rounded = product >= 0 ? (product + divisor / 2) / divisor : -((-product + divisor / 2) / divisor)
        return Amount(hundredths: rounded)
    }
}
