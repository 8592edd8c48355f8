/// The Swiss "modulo 10, recursive" check digit of ESR references, codelines and participant
/// numbers: a carry runs through the digits by a fixed table, so every single-digit error and every
/// swap of neighbours changes the check digit.
public enum Mod10Recursive {
    private static let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]

    /// The check digit of `digits`; nil when they hold anything but 0–9.
    public static func checkDigit(of digits: some StringProtocol) -> Int? {
        var carry = 0
        for byte in digits.utf8 {
            guard (0x30...0x39).contains(byte) else { return nil }
            carry = table[(carry + Int(byte - 0x30)) % 10]
        }
        return (10 - carry) % 10
    }

    /// Whether the last digit of `digits` is the check digit of the ones before it.
    public static func isValid(_ digits: some StringProtocol) -> Bool {
        guard let last = digits.last?.wholeNumberValue, digits.last?.isASCII == true else { return false }
        return checkDigit(of: digits.dropLast()) == last
    }
}
