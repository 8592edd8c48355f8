/// An International Bank Account Number, checked: known country, that country's length, letters
/// and digits only, ISO 7064 check digits. Stored without spaces, upper-case.
public struct IBAN: CheckedIdentifier {
    public let electronic: String

    /// Reads an IBAN as people write it ("ch93 0076 2011 6238 5295 7"); a problem names what is wrong
    /// and, when only spacing or case was off, carries the corrected form.
    public static func parse(_ text: String) -> Result<IBAN, PaymentProblem> {
        let compact = String(text.filter { !$0.isWhitespace && $0 != "-" }).uppercased()
        guard !compact.isEmpty else { return .failure(PaymentProblem(.account, .missing)) }
        guard compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return .failure(PaymentProblem(.account, .invalidCharacters))
        }
        let country = String(compact.prefix(2))
        guard let length = IBAN.lengths[country] else { return .failure(PaymentProblem(.account, .unknownCountry)) }
        guard compact.count == length else { return .failure(PaymentProblem(.account, .wrongLength)) }
        guard compact.dropFirst(2).prefix(2).allSatisfy(\.isNumber), ISO7064.mod97(compact.dropFirst(4) + compact.prefix(4)) == 1 else {
            return .failure(PaymentProblem(.account, .checkDigit))
        }
        return .success(IBAN(electronic: compact))
    }

    private init(electronic: String) {
        self.electronic = electronic
    }

    public var countryCode: String { String(electronic.prefix(2)) }

    /// Groups of four, as printed: "CH93 0076 2011 6238 5295 7".
    public var formatted: String {
        var groups: [Substring] = []
        var rest = Substring(electronic)
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    /// A Swiss or Liechtenstein QR-IBAN: its institution id (positions 5–9) lies in 30000–31999.
    /// Only QR references may be paid to it, and a QR reference only to it.
    public var isQRIBAN: Bool {
        guard countryCode == "CH" || countryCode == "LI", let iid = Int(electronic.dropFirst(4).prefix(5)) else { return false }
        return (30000...31999).contains(iid)
    }

    public var description: String { electronic }
}
