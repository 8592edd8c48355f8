/// A price per unit of a meter (per kWh, per m³), kept in ten-thousandths of the currency because
/// tariffs carry more decimals than money ("0.2735"). Costs are rounded to hundredths.
public struct UnitPrice: Sendable, Equatable, Codable, CustomStringConvertible {
    public static let scale = 10_000
    public let tenThousandths: Int

    /// The highest price accepted: 999,999.9999 per unit (a tariff, not a total).
    public static let maximum = 999_999 * scale + 9_999

    /// nil for a negative price or one above `maximum` (e.g. a stored row that was tampered with).
    public init?(tenThousandths: Int) {
        guard (0...Self.maximum).contains(tenThousandths) else { return nil }
        self.tenThousandths = tenThousandths
    }

    /// "0.2735", "0,27", "1'250", "12": up to four decimals, not negative; nil otherwise.
    public init?(typed text: String, mark: DecimalMark = .point) {
        guard let number = TypedNumber(text, mark: mark), number.units >= 0, let value = number.scaled(to: 4),
              let price = UnitPrice(tenThousandths: value) else { return nil }
        self = price
    }

    /// "0.2735", "0,27", "1'250", "12": up to four decimals, not negative; nil otherwise.
    public init?(typed text: String) {
        let cleaned = String(text.trimmingWhitespace().filter { $0 != "'" }.map { $0 == "," ? "." : $0 })
        let parts = cleaned.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 6,
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

    /// What `steps` of `counter` cost, in hundredths, rounded half away from zero; nil when the
    /// cost is beyond what money may be here (±999,999,999.99).
    public func cost(ofSteps steps: Int, on counter: MeterCounter) -> Amount? {
        let divisor = (Self.scale / 100) * counter.stepsPerUnit
        guard let hundredths = steps.multiplied(by: tenThousandths, dividedBy: divisor, roundingHalfAway: true),
              Amount.bookable.contains(hundredths) else { return nil }
        return Amount(hundredths: hundredths)
    }
}

/// Decoding runs the same checks as the initializer: a synthesized `Decodable` would accept any
/// stored or sent number.
extension UnitPrice {
    enum CodingKeys: String, CodingKey { case tenThousandths }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let price = UnitPrice(tenThousandths: try container.decode(Int.self, forKey: .tenThousandths))
        else { throw DecodingError.dataCorruptedError(forKey: .tenThousandths, in: container, debugDescription: "a price from 0 to 999999.9999") }
        self = price
    }
}
