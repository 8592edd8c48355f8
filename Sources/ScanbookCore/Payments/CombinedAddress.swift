/// An address in the old combined form (QR-bill type K, or typed as one or two lines: "Rue du
/// Lac 1268", "2501 Biel") split into the structured fields the 2025 rules require. A split is
/// made only when the text allows one reading; otherwise nil, and the person is asked.
public enum CombinedAddress {
    public struct Parts: Equatable, Sendable {
        public let street: String
        public let buildingNumber: String
        public let postalCode: String
        public let town: String
    }

    /// `lines`: what follows the name, as one line ("Bahnhofstrasse 7, 8001 Zürich") or two
    /// ("Bahnhofstrasse 7" and "8001 Zürich"); `country` (ISO alpha-2) decides how long a
    /// postal code is.
    public static func split(_ lines: [String], country: String) -> Parts? {
        let cleaned = lines.flatMap { $0.split(separator: "\n") }.map(trimmed).filter { !$0.isEmpty }
        let streetLine: String, placeLine: String
        switch cleaned.count {
        case 2:
            (streetLine, placeLine) = (cleaned[0], cleaned[1])
        case 1:
            let parts = cleaned[0].split(separator: ",").map(trimmed).filter { !$0.isEmpty }
            if parts.count == 2 {
                (streetLine, placeLine) = (parts[0], parts[1])
            } else if parts.count == 3, isBuildingNumber(parts[0]) {
                // "7, rue du Lac, 1000 Lausanne"
                (streetLine, placeLine) = (parts[0] + " " + parts[1], parts[2])
            } else if parts.count == 1, let cut = placeStart(in: words(parts[0]), country: country) {
                let tokens = words(parts[0])
                (streetLine, placeLine) = (tokens[..<cut].joined(separator: " "), tokens[cut...].joined(separator: " "))
            } else {
                return nil
            }
        default:
            return nil
        }
        guard let (street, number) = street(streetLine), let (postalCode, town) = place(placeLine, country: country) else { return nil }
        return Parts(street: street, buildingNumber: number, postalCode: postalCode, town: town)
    }

    /// "Bahnhofstrasse 7" → ("Bahnhofstrasse", "7"), "12bis rue du Lac" → ("rue du Lac", "12bis"),
    /// "Postfach" → ("Postfach", ""); a number at both ends is read two ways: nil.
    static func street(_ line: String) -> (String, String)? {
        let tokens = words(line.replacingCommas())
        guard let first = tokens.first, let last = tokens.last else { return nil }
        let leading = tokens.count > 1 && isBuildingNumber(first)
        let trailing = tokens.count > 1 && isBuildingNumber(last)
        switch (leading, trailing) {
        case (true, true): return nil
        case (false, true): return (tokens.dropLast().joined(separator: " "), last)
        case (true, false): return (tokens.dropFirst().joined(separator: " "), first)
        case (false, false): return (tokens.joined(separator: " "), "")
        }
    }

    /// "8001 Zürich", "CH-8001 Zürich", "D-10115 Berlin" → postal code and town.
    static func place(_ line: String, country: String) -> (String, String)? {
        let tokens = words(line)
        guard tokens.count >= 2, let code = postalCode(tokens[0], country: country) else { return nil }
        let town = tokens.dropFirst().joined(separator: " ")
        guard town.contains(where: \.isLetter), !tokens.dropFirst().contains(where: { postalCode($0, country: country) != nil }) else { return nil }
        return (code, town)
    }

    /// Where the place starts in a one-line address without commas: the only word that is a
    /// postal code with a street before it and a town after it.
    static func placeStart(in tokens: [String], country: String) -> Int? {
        let candidates = tokens.indices.filter { index in
            index > 0 && index < tokens.count - 1 && postalCode(tokens[index], country: country) != nil
                && tokens[(index + 1)...].allSatisfy { $0.first?.isLetter == true }
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The postal code in a word ("8001", "CH-8001", "D-10115"), checked for its country's length.
    static func postalCode(_ word: String, country: String) -> String? {
        var code = Substring(word)
        if let dash = code.firstIndex(of: "-"), code[..<dash].allSatisfy({ $0.isASCII && $0.isLetter }), (1...2).contains(code[..<dash].count) {
            code = code[code.index(after: dash)...]
        }
        guard code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let lengths: ClosedRange<Int>
        switch country {
        case "CH", "LI", "AT", "BE", "DK", "LU", "NO", "HU": lengths = 4...4
        case "DE", "FR", "IT", "ES", "FI", "MC", "SM", "VA": lengths = 5...5
        default: lengths = 3...7
        }
        return lengths.contains(code.count) ? String(code) : nil
    }

    /// "7", "7a", "12bis", "3/5", "10-12".
    static func isBuildingNumber(_ word: String) -> Bool {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5 else { return false }
        let rest = word.dropFirst(digits.count)
        if rest.isEmpty || (rest.count <= 3 && rest.allSatisfy({ $0.isASCII && $0.isLetter })) { return true }
        guard let separator = rest.first, separator == "/" || separator == "-" else { return false }
        let after = rest.dropFirst()
        return !after.isEmpty && after.count <= 5 && after.first?.isNumber == true && after.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter) }
    }

    private static func words(_ text: String) -> [String] { text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
    private static func trimmed(_ text: some StringProtocol) -> String { String(text).trimmingWhitespace() }
}

extension QRBill.Address {
    /// The address with its fields split out when only the street field was filled, as one or two
    /// combined lines; unchanged when it is structured already; nil when it can be read two ways.
    public func structured() -> QRBill.Address? {
        guard postalCode.isEmpty, town.isEmpty, buildingNumber.isEmpty, !street.isEmpty else { return self }
        guard let parts = CombinedAddress.split([street], country: country) else { return nil }
        return QRBill.Address(name: name, street: parts.street, buildingNumber: parts.buildingNumber, postalCode: parts.postalCode, town: parts.town, country: country)
    }
}

private extension String {
    func replacingCommas() -> String { String(map { $0 == "," ? " " : $0 }) }
}
