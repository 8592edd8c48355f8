/// An ISO 11649 creditor reference ("RF18 5390 0754 7034"): "RF", two check digits (ISO 7064
/// MOD 97-10 over the reference with "RF" and the digits moved to its end) and 1–21 letters or digits.
public struct CreditorReference: CheckedIdentifier {
    public let electronic: String

    public static func parse(_ text: String) -> Result<CreditorReference, PaymentProblem> {
        let compact = String(text.filter { !$0.isWhitespace }).uppercased()
        guard !compact.isEmpty else { return .failure(PaymentProblem(.reference, .missing)) }
        guard compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return .failure(PaymentProblem(.reference, .invalidCharacters))
        }
        guard compact.hasPrefix("RF"), (5...25).contains(compact.count), compact.dropFirst(2).prefix(2).allSatisfy(\.isNumber) else {
            return .failure(PaymentProblem(.reference, .wrongFormat))
        }
        let body = String(compact.dropFirst(4))
        guard ISO7064.mod97(body + compact.prefix(4)) == 1 else {
            // Only the check digits can be computed; the body is what the creditor chose.
            return .failure(PaymentProblem(.reference, .checkDigit, correctedValue: CreditorReference(body: body)?.electronic))
        }
        return .success(CreditorReference(electronic: compact))
    }

    /// The creditor reference for a creditor's own reference `body` (1–21 letters or digits).
    public init?(body: String) {
        let body = body.uppercased()
        guard (1...21).contains(body.count), body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
              let check = ISO7064.checkDigits(body: body, prefix: "RF") else { return nil }
        self.electronic = "RF" + check + body
    }

    private init(electronic: String) {
        self.electronic = electronic
    }

    /// Groups of four, as printed.
    public var formatted: String {
        stride(from: 0, to: electronic.count, by: 4).map { start in
            String(electronic.dropFirst(start).prefix(4))
        }.joined(separator: " ")
    }

    public var description: String { electronic }
}
