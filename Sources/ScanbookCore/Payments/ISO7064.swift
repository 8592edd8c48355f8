/// ISO 7064 MOD 97-10, shared by IBANs and creditor references (ISO 11649): letters count as
/// 10–35, and the number must leave 1 when divided by 97.
enum ISO7064 {
    /// The remainder of the number `text` spells (digits as themselves, letters A–Z as 10–35),
    /// computed piecewise; nil for any other character.
    static func mod97(_ text: some StringProtocol) -> Int? {
        var remainder = 0
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39: remainder = (remainder * 10 + Int(byte - 0x30)) % 97
            case 0x41...0x5A: remainder = (remainder * 100 + Int(byte - 0x41) + 10) % 97
            default: return nil
            }
        }
        return remainder
    }

    /// The two check digits that make `body` followed by `prefix` and the digits leave 1.
    static func checkDigits(body: String, prefix: String) -> String? {
        guard let remainder = mod97(body + prefix + "00") else { return nil }
        let check = 98 - remainder
        return check < 10 ? "0\(check)" : "\(check)"
    }
}
