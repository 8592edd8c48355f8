/// The 27-digit reference of QR-bills (type QRR) and orange ESR slips: 26 digits chosen by the
/// creditor and a mod-10-recursive check digit.
public struct QRReference: CheckedIdentifier {
    public let digits: String

    public static func parse(_ text: String) -> Result<QRReference, PaymentProblem> {
        let compact = String(text.filter { !$0.isWhitespace })
        guard !compact.isEmpty else { return .failure(PaymentProblem(.reference, .missing)) }
        guard compact.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(PaymentProblem(.reference, .invalidCharacters)) }
        guard compact.count == 27 else {
            // A shorter reference is printed without its leading zeros.
            if compact.count < 27, Mod10Recursive.isValid(compact) {
                return .failure(PaymentProblem(.reference, .wrongLength, correctedValue: String(repeating: "0", count: 27 - compact.count) + compact))
            }
            return .failure(PaymentProblem(.reference, .wrongLength))
        }
        guard Mod10Recursive.isValid(compact) else { return .failure(PaymentProblem(.reference, .checkDigit)) }
        return .success(QRReference(digits: compact))
    }

    private init(digits: String) {
        self.digits = digits
    }

    /// "21 00000 00003 13947 14300 09017": two digits, then groups of five.
    public var formatted: String {
        ([String(digits.prefix(2))] + stride(from: 2, to: 27, by: 5).map { String(digits.dropFirst($0).prefix(5)) }).joined(separator: " ")
    }

    public var description: String { digits }
}
