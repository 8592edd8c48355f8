/// A money amount as printed: integer minor units plus the number of decimals the receipt used
/// (so "9.00" stays "9.00" and "12,5" is not invented). Never a floating-point number.
public struct Amount: Equatable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var minorUnits: Int
    public var decimals: Int

    public init(minorUnits: Int, decimals: Int) {
        self.minorUnits = minorUnits
        self.decimals = decimals
    }

    /// An amount kept in hundredths (budgets, bookings), printed with two decimals.
    public init(hundredths: Int) {
        self.init(minorUnits: hundredths, decimals: 2)
    }

    /// Same value regardless of printed decimals: 9.0 == 9.00 as amounts.
    public var hundredths: Int {
        var value = minorUnits
        var places = decimals
        while places < 2 { value *= 10; places += 1 }
        while places > 2 { value /= 10; places -= 1 }
        return value
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.hundredths < rhs.hundredths }

    public func sameValue(as other: Amount) -> Bool { hundredths == other.hundredths }

    /// "9.00", "-0.02", "1234.50": a dot and the receipt's own number of decimals.
    public var description: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = abs(minorUnits)
        guard decimals > 0 else { return "\(sign)\(magnitude)" }
        var divisor = 1
        for _ in 0..<decimals { divisor *= 10 }
        let fraction = String(magnitude % divisor)
        return "\(sign)\(magnitude / divisor).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}
