/// An ISO 4217 alphabetic currency code ("CHF", "EUR"): three ASCII letters, kept upper-case.
/// Whether the code is in use is not checked, so a new currency needs no release.
public struct CurrencyCode: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    /// " chf " reads as CHF; anything but three ASCII letters is nil.
    public init?(_ text: String) {
        let letters = text.utf8.drop(while: { $0 == 0x20 }).reversed().drop(while: { $0 == 0x20 })
        // 0xDF clears the lower-case bit, so this accepts A–Z and a–z and no other byte.
        guard letters.count == 3, letters.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else { return nil }
        code = String(decoding: letters.reversed().map { $0 & 0xDF }, as: UTF8.self)
    }

    public var description: String { code }
}
