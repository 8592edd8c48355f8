/// A money amount as printed: integer minor units plus the number of decimals the receipt used
/// (so "9.00" stays "9.00" and "12,5" is not invented). Never a floating-point number.
public struct Amount: Equatable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var minorUnits: Int
    public var decimals: Int

    public init(minorUnits: Int, decimals: Int) {
        self.minorUnits = minorUnits
        self.decimals = decimals
    }

    /// The hundredths any amount that is stored or booked may have: ±999,999,999.99. Checked
    /// where an amount enters, so sums of a few thousand of them stay far from `Int`'s limits.
    public static let bookable = -99_999_999_999...99_999_999_999

    /// An amount kept in hundredths (budgets, bookings), printed with two decimals.
    public init(hundredths: Int) {
        self.init(minorUnits: hundredths, decimals: 2)
    }

    /// Same value regardless of printed decimals: 9.0 == 9.00 as amounts.
    public var hundredths: Int {
        var value = minorUnits
        var places = decimals
        // Held at the bounds rather than trapping: an amount is checked against `bookable` where
        // it enters, so only a value already refused could reach the bounds.
        while places < 2 { value = value.multiplied(checked: 10) ?? (value < 0 ? Int.min : Int.max); places += 1 }
        while places > 2 { value /= 10; places -= 1 }
        return value
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.hundredths < rhs.hundredths }

    public func sameValue(as other: Amount) -> Bool { hundredths == other.hundredths }

    /// Whether `rounded` is this amount, itself off the 0.05 steps, rounded to the nearest step, as
    /// cash is paid where the smallest coin is 5 cents ("88.97" → "88.95", "12.61" → "12.60").
    public func roundsToStep(_ rounded: Amount) -> Bool {
        let (value, step) = (hundredths, rounded.hundredths)
        let (difference, overflow) = step.subtractingReportingOverflow(value)
        return !overflow && value % 5 != 0 && step % 5 == 0 && difference.magnitude <= 2
    }

    /// "9.00", "-0.02", "1234.50": a dot and the receipt's own number of decimals.
    public var description: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        guard decimals > 0 else { return "\(sign)\(magnitude)" }
        let divisor = UInt(Int.powerOfTen(decimals) ?? 1)
        let fraction = String(magnitude % divisor)
        return "\(sign)\(magnitude / divisor).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}
