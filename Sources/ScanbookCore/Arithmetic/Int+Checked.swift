/// Arithmetic on values that come from outside (a typed value, a stored row, an image header):
/// Swift traps on overflow, and in a server a trap stops every user's requests. These return nil
/// (or saturate, where a bound is the right answer) instead.
extension Int {
    /// `self × factor ÷ divisor` with the product taken in 128 bits, so the intermediate value
    /// cannot overflow; rounded half away from zero when `roundingHalfAway`, else toward zero.
    /// nil when the divisor is zero or the result does not fit in an `Int`.
    public func multiplied(by factor: Int, dividedBy divisor: Int, roundingHalfAway: Bool = false) -> Int? {
        guard divisor != 0 else { return nil }
        let negative = (self < 0) != (factor < 0) && self != 0 && factor != 0
        let divisorMagnitude = divisor.magnitude
        let product = self.magnitude.multipliedFullWidth(by: factor.magnitude)
        // The quotient fits in 64 bits exactly when the high word is below the divisor.
        guard product.high < divisorMagnitude else { return nil }
        var (quotient, remainder) = divisorMagnitude.dividingFullWidth(product)
        if roundingHalfAway, remainder >= divisorMagnitude - remainder {
            let (rounded, overflow) = quotient.addingReportingOverflow(1)
            guard !overflow else { return nil }
            quotient = rounded
            remainder = 0
        }
        let resultNegative = negative != (divisor < 0)
        if resultNegative {
            guard quotient <= UInt(Int.max) + 1 else { return nil }
            return quotient == UInt(Int.max) + 1 ? Int.min : -Int(quotient)
        }
        guard quotient <= UInt(Int.max) else { return nil }
        return Int(quotient)
    }

    /// `self + other`, or nil on overflow.
    public func adding(checked other: Int) -> Int? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? nil : sum
    }

    /// `self − other`, or nil on overflow.
    public func subtractingChecked(_ other: Int) -> Int? {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? nil : difference
    }

    /// `self × other`, or nil on overflow.
    public func multiplied(checked other: Int) -> Int? {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? nil : product
    }

    /// `self + other`, held at `Int.max`/`Int.min` instead of overflowing: for running totals of
    /// stored values that are shown, never booked.
    public func adding(saturating other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? Int.max : Int.min
    }

    /// 10^exponent, or nil when it does not fit (exponent above 18) or is negative.
    public static func powerOfTen(_ exponent: Int) -> Int? {
        guard (0...18).contains(exponent) else { return nil }
        var value = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

extension Int {
    /// A Double rounded to an Int and held within `range`; NaN becomes the range's lower bound.
    public init(clamping value: Double, within range: ClosedRange<Int>) {
        guard value.isFinite else {
            self = value.isNaN ? range.lowerBound : (value > 0 ? range.upperBound : range.lowerBound)
            return
        }
        if value <= Double(range.lowerBound) { self = range.lowerBound }
        else if value >= Double(range.upperBound) { self = range.upperBound }
        else { self = Int(value) }
    }
}

extension Sequence where Element == Int {
    /// The sum held at the bounds of `Int` instead of trapping.
    public func saturatingSum() -> Int { reduce(0) { $0.adding(saturating: $1) } }
}
