/// Finds money amounts in an OCR line: `9.00`, `1,234.50`, `1.234,50`, `1'234.50`, `12,50`,
/// `RM9.00`, `-0.02`, and OCR-damaged forms such as `9.O0` or `l2.5O` (O→0, l/I→1, S→5, B→8 in
/// otherwise numeric tokens). Whole numbers without decimals are not amounts (quantities, codes).
public enum AmountParser {
    public struct Match: Equatable, Sendable {
        public let amount: Amount
        /// Character offset of the match in the line, for "rightmost amount" rules.
        public let offset: Int
    }

    public static func amounts(in line: String) -> [Match] {
        let characters = closingSeparatorGaps(Array(line))
        var matches: [Match] = []
        var index = 0
        while index < characters.count {
            guard isNumberish(characters[index]) || characters[index] == "-" else { index += 1; continue }
            var end = index
            while end < characters.count, isNumberish(characters[end]) || ".,'".contains(characters[end]) || (end == index && characters[end] == "-") {
                end += 1
            }
            // The token must not be glued to letters on the left ("ABC12.00" is a code) unless a
            // currency prefix (RM, CHF, EUR, Fr) stands there.
            let token = String(characters[index..<end])
            if let amount = parse(token), !gluedToLetters(characters, start: index, end: end), !isRate(characters, end: end) {
                matches.append(Match(amount: amount, offset: index))
            }
            index = max(end, index + 1)
        }
        return matches
    }

    /// OCR often puts a space after the decimal mark ("RM 65. 20"): a mark between a digit and a
    /// space followed by exactly two digits loses the space. Offsets stay comparable within a line.
    static func closingSeparatorGaps(_ characters: [Character]) -> [Character] {
        func isDigit(_ index: Int) -> Bool {
            index >= 0 && index < characters.count && characters[index].isASCII && characters[index].isNumber
        }
        var result: [Character] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            result.append(character)
            if character == "." || character == ",", isDigit(index - 1), index + 1 < characters.count, characters[index + 1] == " ",
               isDigit(index + 2), isDigit(index + 3), !isDigit(index + 4) {
                index += 2  // skip the space; the digits follow
                continue
            }
            index += 1
        }
        return result
    }

    /// Parses one token; nil unless it has a decimal part of 1–2 digits after its last separator.
    public static func parse(_ raw: String) -> Amount? {
        var token = Substring(raw)
        var negative = false
        if token.hasPrefix("-") { negative = true; token = token.dropFirst() }
        while let last = token.last, ".,'".contains(last) { token = token.dropLast() }
        let repaired = String(token.map(repair))
        guard repaired.contains(where: \.isNumber), repaired.allSatisfy({ $0.isNumber || ".,'".contains($0) }) else { return nil }
        guard let separator = repaired.lastIndex(where: { $0 == "." || $0 == "," }) else { return nil }
        let fraction = repaired[repaired.index(after: separator)...]
        let whole = repaired[..<separator]
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isNumber), !whole.isEmpty else { return nil }
        // Grouping separators in the whole part must be the other mark, in groups of three.
        let groups = whole.split(omittingEmptySubsequences: false, whereSeparator: { ".,'".contains($0) })
        if groups.count > 1 {
            guard groups.dropFirst().allSatisfy({ $0.count == 3 }), (1...3).contains(groups[0].count),
                  !whole.contains(repaired[separator]) else { return nil }
        }
        let digits: String = groups.joined() + String(fraction)
        guard let units = Int(digits), units < 100_000_000 else { return nil }
        return Amount(minorUnits: negative ? -units : units, decimals: fraction.count)
    }

    /// An amount whose decimal mark OCR lost ("Summe CHF 152228"): the line's last word of 3–8
    /// digits, read as cents. Only for lines that must hold an amount (a total, a VAT line).
    public static func lostDecimalMark(in line: String) -> Amount? {
        let words = line.split(separator: " ")
        guard let word = words.last(where: { $0.allSatisfy { $0.isASCII && $0.isNumber } }), (3...8).contains(word.count),
              let cents = Int(word) else { return nil }
        return Amount(minorUnits: cents, decimals: 2)
    }

    /// An amount whose decimal mark OCR read as a space ("Total RM8 60"): the line ends in a
    /// number and exactly two digits. Only for lines that must hold an amount.
    public static func spaceForDecimalMark(in line: String) -> Amount? {
        let words = line.split(separator: " ")
        guard words.count >= 2, let cents = words.last, cents.count == 2, cents.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let whole = words[words.count - 2].reversed().prefix(while: { $0.isASCII && $0.isNumber }).reversed()
        guard (1...4).contains(whole.count), let units = Int(String(whole) + cents) else { return nil }
        return Amount(minorUnits: units, decimals: 2)
    }

    /// An amount with a stray digit after its cents ("TOTAL 7.0o2", "48.004"): the line's last
    /// word with three digits after its only mark, read without the last. Only for lines that must
    /// hold an amount; money on receipts has two decimals.
    public static func strayDigit(in line: String) -> Amount? {
        guard let word = line.split(separator: " ").last, let last = word.last, last.isASCII, last.isNumber,
              word.filter({ ".,".contains($0) }).count == 1, let mark = word.firstIndex(where: { ".,".contains($0) }),
              word[word.index(after: mark)...].count == 3, let amount = parse(String(word.dropLast())) else { return nil }
        return amount.decimals == 2 ? amount : nil
    }

    /// "8.00%" or "7,7 %" is a tax rate, not money.
    private static func isRate(_ characters: [Character], end: Int) -> Bool {
        let next = characters[end...].prefix(2)
        return next.first == "%" || (next.first == " " && next.dropFirst().first == "%")
    }

    static func isNumberish(_ character: Character) -> Bool {
        character.isASCII && character.isNumber || "OoIlSB".contains(character)
    }

    private static func repair(_ character: Character) -> Character {
        switch character {
        case "O", "o": "0"
        case "I", "l": "1"
        case "S": "5"
        case "B": "8"
        default: character
        }
    }

    // "M": OCR often loses the R of "RM" ("Total M1.00").
    private static let currencyPrefixes = ["RM", "M", "CHF", "EUR", "FR", "SFR", "USD", "SGD", "$", "€", "£"]

    private static func gluedToLetters(_ characters: [Character], start: Int, end: Int) -> Bool {
        let token = characters[start..<end]
        // A token made only of look-alike letters ("SOB") is a word, not a damaged number.
        guard token.contains(where: { $0.isASCII && $0.isNumber }) else { return true }
        // Letters after the number are tax codes or currencies ("9.00SR", "12.50CHF"): fine.
        guard start > 0, characters[start - 1].isLetter else { return false }
        var prefixStart = start
        while prefixStart > 0, characters[prefixStart - 1].isLetter { prefixStart -= 1 }
        let prefix = String(characters[prefixStart..<start]).uppercased()
        return !currencyPrefixes.contains(prefix)
    }
}
