/// A Swiss PostFinance participant number (the account of an ESR or red slip): printed "01-162-8",
/// encoded "010001628": a two-digit prefix, the number padded to six digits, a mod-10-recursive
/// check digit over the eight before it.
public struct ParticipantNumber: CheckedIdentifier {
    /// The nine encoded digits.
    public let digits: String

    /// Either form: "01-162-8" or "010001628".
    public static func parse(_ text: String) -> Result<ParticipantNumber, PaymentProblem> {
        let trimmed = String(text.filter { !$0.isWhitespace })
        guard !trimmed.isEmpty else { return .failure(PaymentProblem(.participant, .missing)) }
        let encoded: String
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3 {
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  parts[0].count == 2, parts[1].count <= 6, parts[2].count == 1 else {
                return .failure(PaymentProblem(.participant, .wrongFormat))
            }
            encoded = parts[0] + String(repeating: "0", count: 6 - parts[1].count) + parts[1] + parts[2]
        } else {
            guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(PaymentProblem(.participant, .invalidCharacters)) }
            guard trimmed.count == 9 else { return .failure(PaymentProblem(.participant, .wrongLength)) }
            encoded = trimmed
        }
        guard Mod10Recursive.isValid(encoded) else { return .failure(PaymentProblem(.participant, .checkDigit)) }
        return .success(ParticipantNumber(digits: encoded))
    }

    private init(digits: String) {
        self.digits = digits
    }

    /// "01-162-8": the number without its leading zeros (at least one digit).
    public var formatted: String {
        let middle = digits.dropFirst(2).prefix(6).drop { $0 == "0" }
        return "\(digits.prefix(2))-\(middle.isEmpty ? "0" : String(middle))-\(digits.suffix(1))"
    }

    public var description: String { formatted }
}
