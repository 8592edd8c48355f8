/// The merchant's name from the top of a receipt: a line naming a company form (GmbH, AG, SDN BHD,
/// Ltd, …) if the first lines have one, else the first line that reads like a name rather than a
/// heading, an address or a number.
public enum MerchantGuess {
    static let companyForms = [
        "sdn bhd", "sdn. bhd", "bhd", "enterprise", "trading", "gmbh", "ag", "sa", "sàrl", "sarl", "kg", "ohg",
        "ltd", "limited", "inc", "llc", "plc", "co", "company", "restaurant", "restoran", "store", "market", "markt",
    ]
    static let headings = [
        "tax invoice", "invoice", "receipt", "rechnung", "quittung", "kassenbon", "beleg", "welcome", "willkommen",
        "simplified", "cash sale", "official receipt", "copy", "kopie",
    ]

    public static func from(_ lines: [String]) -> String? {
        let top = Array(lines.prefix(8))
        if let company = top.first(where: { line in
            let text = TotalKeywords.normalized(line)
            return companyForms.contains { TotalKeywords.containsPhrase(text, $0) } && letterShare(line) > 0.6
        }) {
            return clean(company)
        }
        let nameLike = top.filter { line in
            let text = TotalKeywords.normalized(line)
            return line.count >= 3 && letterShare(line) > 0.6 && !headings.contains { TotalKeywords.containsPhrase(text, $0) }
                && DateParser.dates(in: line).isEmpty
        }
        // A hand-written or stamped note above the print ("tan woon yann") is lower-case; the
        // printed name under it is usually in capitals.
        if let first = nameLike.first, !first.contains(where: \.isUppercase),
           let printed = nameLike.dropFirst().first(where: { upperCaseShare($0) > 0.8 }) {
            return clean(printed)
        }
        return nameLike.first.map(clean)
    }

    static func upperCaseShare(_ line: String) -> Double {
        let letters = line.filter(\.isLetter)
        guard !letters.isEmpty else { return 0 }
        return Double(letters.filter(\.isUppercase).count) / Double(letters.count)
    }

    static func letterShare(_ line: String) -> Double {
        let visible = line.filter { !$0.isWhitespace }
        guard !visible.isEmpty else { return 0 }
        return Double(visible.filter(\.isLetter).count) / Double(visible.count)
    }

    static func clean(_ line: String) -> String {
        line.trimmingWhitespace().trimmingCharacters(in: "*-=_#:|")
    }

    /// For comparing names: upper-case letters and digits only ("Book Ta.K (Taman Daya)" ~ "BOOK TAK TAMAN DAYA").
    public static func normalizedKey(_ name: String) -> String {
        String(name.uppercased().filter { $0.isLetter || $0.isNumber })
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) || first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, set.contains(last) || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
