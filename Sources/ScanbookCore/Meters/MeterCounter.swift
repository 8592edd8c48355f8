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
    public var rollover: Int {
        var value = 1
        for _ in 0..<digits { value *= 10 }
        return value
    }

    /// "12345.6" for 123456 with one decimal.
    public func format(_ steps: Int) -> String {
        guard decimals > 0 else { return String(steps) }
        var divisor = 1
        for _ in 0..<decimals { divisor *= 10 }
        let fraction = String(steps % divisor)
        return "\(steps / divisor).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }

    /// A typed or read value ("12345.6", "12345,6", "12'345.6", "12345") in steps; nil when it has
    /// more decimals than the counter, is negative or does not fit.
    public func parse(_ text: String) -> Int? {
        let cleaned = text.trimmingWhitespace().filter { $0 != "'" && $0 != " " }.map { $0 == "," ? "." : $0 }
        let parts = String(cleaned).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= decimals, let whole = Int(parts[0]) else { return nil }
        var steps = whole
        for _ in 0..<decimals { steps *= 10 }
        var scale = 1
        for _ in 0..<(decimals - fraction.count) { scale *= 10 }
        steps += (Int(fraction.isEmpty ? "0" : fraction) ?? 0) * scale
        return steps < rollover ? steps : nil
    }
}
