/// A meter's counter: how many digits it shows and how many of them are decimals. Values are
/// integers in the counter's smallest step (12345.6 on a 5+1 counter is 123456), never floats.
public struct MeterCounter: Sendable, Equatable, Codable {
    public let digits: Int
    public let decimals: Int

    public init?(digits: Int, decimals: Int) {
        guard (1...12).contains(digits), (0...4).contains(decimals), decimals < digits else { return nil }
        self.digits = digits
        self.decimals = decimals
    }

    /// The value shown by `digits` (left to right, one per drum) in steps. A counter has at most
    /// 12 digits, so this cannot overflow for one.
    public static func steps(_ digits: [Int]) -> Int {
        digits.reduce(0) { $0 * 10 + $1 }
    }

    /// The first value the counter cannot show; it rolls over to 0 there.
    public var rollover: Int { Int.powerOfTen(digits) ?? Int.max }

    /// 10^decimals: steps per whole unit.
    var stepsPerUnit: Int { Int.powerOfTen(decimals) ?? 1 }

    /// "12345.6" for 123456 with one decimal.
    public func format(_ steps: Int) -> String {
        guard decimals > 0 else { return String(steps) }
        let divisor = stepsPerUnit
        let sign = steps < 0 ? "-" : ""
        let fraction = String(steps.magnitude % UInt(divisor))
        return "\(sign)\(steps.magnitude / UInt(divisor)).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }

    /// A typed or read value ("12345.6", "12345,6", "12'345.6", "12345") in steps, by
    /// `TypedNumber`'s rule; nil when it has more decimals than the counter, is negative or does not
    /// fit the counter's digits.
    public func parse(_ text: String, mark: DecimalMark = .point) -> Int? {
        guard let number = TypedNumber(text, mark: mark), number.units >= 0, let steps = number.scaled(to: decimals) else { return nil }
        return steps < rollover ? steps : nil
    }
}

/// Decoding runs the same checks as the initializer: a synthesized `Decodable` would accept any
/// stored or sent number.
extension MeterCounter {
    enum CodingKeys: String, CodingKey { case digits, decimals }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let counter = MeterCounter(digits: try container.decode(Int.self, forKey: .digits), decimals: try container.decode(Int.self, forKey: .decimals))
        else { throw DecodingError.dataCorruptedError(forKey: .digits, in: container, debugDescription: "1–12 digits, 0–4 of them decimals") }
        self = counter
    }
}
