/// What one unit of a currency is worth in another, to six decimals, kept as an integer number of
/// millionths so that money never passes through a floating-point number. Converting rounds half
/// away from zero to the cent.
public struct ExchangeRate: Sendable, Equatable, Hashable, CustomStringConvertible {
    public static let scale = 1_000_000
    /// 0.000001 to 1,000,000: anything outside is a typing slip, not a currency.
    public static let bounds = 1...1_000_000_000_000

    public let millionths: Int

    public init?(millionths: Int) {
        guard Self.bounds.contains(millionths) else { return nil }
        self.millionths = millionths
    }

    /// "0.9412", "1,0834" (by `mark` when ambiguous), at most six decimals.
    public init?(typed text: String, mark: DecimalMark = .point) {
        guard let number = TypedNumber(text.trimmingWhitespace(), mark: mark), number.decimals <= 6,
              let millionths = number.scaled(to: 6) else { return nil }
        self.init(millionths: millionths)
    }

    /// `minor` units of the rate's currency in the other's, rounded half away from zero; nil
    /// beyond `Amount.bookable`.
    public func convert(_ minor: Int) -> Int? {
        // Bounded first: the division below traps when its quotient does not fit.
        guard Amount.bookable.contains(minor) else { return nil }
        let product = minor.magnitude.multipliedFullWidth(by: UInt(millionths))
        let (quotient, remainder) = UInt(Self.scale).dividingFullWidth(product)
        let rounded = remainder * 2 >= UInt(Self.scale) ? quotient + 1 : quotient
        guard rounded <= UInt(Amount.bookable.upperBound) else { return nil }
        return minor < 0 ? -Int(rounded) : Int(rounded)
    }

    /// This rate against a common base divided by `other`'s: EUR→CHF from EUR→USD and CHF→USD.
    public func over(_ other: ExchangeRate) -> ExchangeRate? {
        let (quotient, _) = UInt(other.millionths).dividingFullWidth(UInt(millionths).multipliedFullWidth(by: UInt(Self.scale)))
        return quotient <= UInt(Self.bounds.upperBound) ? ExchangeRate(millionths: Int(quotient)) : nil
    }

    /// "0.9412": as few decimals as the value needs, at least two.
    public var description: String {
        let whole = millionths / Self.scale
        var fraction = String(millionths % Self.scale)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
