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

    /// A typed or read value ("12345.6", "12345,6", "12'345.6", "12345") in steps; nil when it has
    /// more decimals than the counter, is negative or does not fit the counter's digits.
    public func parse(_ text: String) -> Int? {
        guard text.utf8.count <= 64 else { return nil }
        let cleaned = text.trimmingWhitespace().filter { $0 != "'" && $0 != " " }.map { $0 == "," ? "." : $0 }
        let parts = String(cleaned).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        // Leading zeros aside, the whole part can have no more digits than the counter shows
        // left of its decimals; checking that first keeps every product below bounds.
        let wholeDigits = parts[0].drop { $0 == "0" }
        guard fraction.count <= decimals, wholeDigits.count <= digits - decimals, let whole = Int(parts[0]),
              let scale = Int.powerOfTen(decimals - fraction.count),
              let wholeSteps = whole.multiplied(checked: stepsPerUnit),
              let fractionSteps = (Int(fraction.isEmpty ? "0" : fraction) ?? 0).multiplied(checked: scale),
              let steps = wholeSteps.adding(checked: fractionSteps)
        else { return nil }
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
