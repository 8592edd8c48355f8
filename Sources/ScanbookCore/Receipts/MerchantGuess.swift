/// The merchant's name from the top of a receipt: a line naming a company form (GmbH, AG, SDN BHD,
/// Ltd, …) if the first lines have one, else the first line that reads like a name rather than a
/// heading, an address or a number.
public enum MerchantGuess {
    static let companyForms = ReceiptVocabulary.companyForms
    static let registrationWords = ReceiptVocabulary.registration
    static let ownerPrefixes = ReceiptVocabulary.ownerPrefixes
    static let headings = ReceiptVocabulary.headings
    static let legibleConfidence = 60.0

    /// `confidences`: OCR's confidence (0–100) per line; a name-like line read below
    /// `legibleConfidence` is a logo or a smudge read as letters ("Berti Kan en hai I").
    public static func from(_ lines: [String], confidences: [Double]? = nil) -> String? {
        guess(lines, confidences: confidences).map(withLettersReadAsDigits).map(withoutUnbalancedEnd)
    }

    /// "SLF CASH & CARRY [97", "BILLION SIX ENTERPRISE P)": a last word holding a bracket that the
    /// name never closes or opens is a registration number cut off, or a mark read beside the name.
    static func withoutUnbalancedEnd(_ name: String) -> String {
        func balanced(_ text: some StringProtocol) -> Bool {
            text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count && text.filter { $0 == "[" }.count == text.filter { $0 == "]" }.count
        }
        let all = name.split(separator: " ")
        var words = all[...]
        while words.count > 1, let last = words.last, last.contains(where: { "()[]".contains($0) }), !balanced(words.joined(separator: " ")) {
            words.removeLast()
        }
        return words.count == all.count ? name : clean(words.joined(separator: " "))
    }

    private static func guess(_ lines: [String], confidences: [Double]?) -> String? {
        // A street is no name, whatever its words ("Am Markt 89": "Markt" names shops too).
        let top = lines.prefix(8).indices.map { isStreet(lines, at: $0) ? "" : lines[$0] }
        let legible = top.indices.map { index in (confidences.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? 100) >= legibleConfidence }
        guard let (index, name) = companyLine(top) ?? nameLine(top, legible: legible) else { return nil }
        // "HOME MASTER HARDWARE &" / "ELECTRICAL": a name left open goes on on the next line.
        if name.hasSuffix("&"), index + 1 < top.count, letterShare(top[index + 1]) > 0.6, !isHeading(top[index + 1]) {
            return clean(name + " " + clean(withoutRegistration(repairedForm(top[index + 1]))))
        }
        return name
    }

    /// Whether a line or a guessed name states a company form ("… SDN BHD", "… GmbH"): a guess
    /// that does found the company line, which it prefers to any other.
    public static func namesCompanyForm(_ name: String) -> Bool {
        TotalKeywords.containsAny(TotalKeywords.normalized(repairedForm(name)), companyForms)
    }

    /// Whether most of a name's letters stand in words of three or more: OCR noise read from a
    /// logo or a smudge breaks into letter pairs ("Fee Ry hn OE Gk eg ge … Sa er a a").
    public static func readsAsWords(_ name: String) -> Bool {
        let words = TotalKeywords.normalized(name).split(separator: " ").map { $0.filter(\.isLetter) }
        let letters = words.reduce(0) { $0 + $1.count }
        return letters > 0 && Double(words.filter { $0.count >= 3 }.reduce(0) { $0 + $1.count }) >= 0.6 * Double(letters)
    }

    /// The first top line naming a company form, joined to the line above when it wraps.
    static func companyLine(_ top: [String]) -> (Int, String)? {
        guard let index = top.firstIndex(where: { line in
            // "99 SPEED MART S/B (519537-X)": the registration number is not part of the name.
            namesCompanyForm(line) && letterShare(withoutRegistration(line)) > 0.6 && !isRegistration(line) && !isOpeningHours(line)
        }) else { return nil }
        let company = withoutOwnerPrefix(withoutRegistration(repairedForm(top[index])))
        // A long name wraps: "POPULAR BOOK" / "CO. (M) SDN BHD". A line that is little more
        // than the company form continues the name-like line above it.
        let words = TotalKeywords.normalized(company).split(separator: " ")
        let formWords = words.filter { ["co", "m", "sdn", "bhd", "s", "b", "restaurant", "ltd", "gmbh", "ag", "inc"].contains($0) }
        // Not a stray mark above it ("X", "Foz"): a line of at least four letters.
        if index > 0, words.count - formWords.count <= 1, letterShare(top[index - 1]) > 0.6, top[index - 1].filter(\.isLetter).count >= 4,
           DateParser.dates(in: top[index - 1]).isEmpty, !isHeading(top[index - 1]) {
            return (index, clean(clean(top[index - 1]) + " " + company))
        }
        return (index, clean(company))
    }

    /// The first top line that reads like a name rather than a heading, an address or a number.
    static func nameLine(_ top: [String], legible: [Bool]) -> (Int, String)? {
        let nameLike = top.indices.filter { index in
            let line = top[index]
            return legible[index] && line.count >= 3 && letterShare(line) > 0.6 && !isHeading(line) && !isRegistration(line) && !isAddress(line)
                && !isCurrency(line) && !isOpeningHours(line) && DateParser.dates(in: line).isEmpty && !isPriced(line)
        }
        // A hand-written or stamped note above the print ("tan woon yann") is lower-case; the
        // printed name under it is usually in capitals.
        if let first = nameLike.first, !top[first].contains(where: \.isUppercase),
           let printed = nameLike.dropFirst().first(where: { upperCaseShare(top[$0]) > 0.8 }) {
            return (printed, clean(top[printed]))
        }
        return nameLike.first.map { ($0, clean(top[$0])) }
    }

    static func isHeading(_ line: String) -> Bool {
        let text = TotalKeywords.normalized(line)
        return TotalKeywords.containsAny(text, headings)
    }

    /// "LOT P.T. 2811, JALAN ANGSA,", "3RD FLR, AEON TAMAN MALURI SC", "Tel 03-1234", "80300 JOHOR
    /// BAHRU", "8001 Zürich": where the shop is, not what it is called. A word of four or five
    /// digits is a postcode.
    static func isAddress(_ line: String) -> Bool {
        let text = TotalKeywords.normalized(line)
        return TotalKeywords.containsAny(text, ReceiptVocabulary.addressWords)
            || text.split(separator: " ").contains { word in
                (4...5).contains(word.count) && word.allSatisfy(\.isNumber) || ReceiptVocabulary.addressEndings.contains(where: word.hasSuffix)
            }
    }

    /// "Am Markt 89" above "79612 Freiburg", or "Am Markt 145a, 90570 Nürnberg": words ending in a
    /// house number, followed by a postcode and the town (on the next line or after a comma).
    static func isStreet(_ lines: [String], at index: Int) -> Bool {
        let line = lines[index]
        // Both patterns need a house number: a line without digits skips the regex engine.
        guard line.contains(where: \.isNumber) else { return false }
        if line.contains(","), line.contains(/\p{L}.*\s\d{1,4}[a-zA-Z]?,\s*\d{4,5}\s+\p{L}/) { return true }
        guard index + 1 < lines.count, line.contains(/\p{L}.*\s\d{1,4}[a-zA-Z]?$/),
              let postcode = lines[index + 1].split(separator: " ").first else { return false }
        return (4...5).contains(postcode.count) && postcode.allSatisfy { $0.isASCII && $0.isNumber }
            && lines[index + 1].dropFirst(postcode.count).contains(where: \.isLetter)
    }

    /// "Zwiebeln 1kg 2,66 A": an item, read where the header (a logo) gave no name.
    static func isPriced(_ line: String) -> Bool {
        ReceiptExtractor.endsWithPrice(line, AmountParser.amounts(in: line))
    }

    /// "Mo-Sa 07:00-20:00", "Mo.-Fr. 8-18 Uhr", "Mon - Sat 9": when the shop is open, not its name.
    static func isOpeningHours(_ line: String) -> Bool {
        // Both patterns need a dash between the hours or days.
        guard line.contains("-") || line.contains("–") else { return false }
        let text = line.lowercased()
        if text.contains(/\d{1,2}[:.]\d{2}\s*[-–]\s*\d{1,2}[:.]\d{2}/) { return true }
        // A day range followed by hours; "SA-SA COSMETICS" is a name.
        return text.contains(/^(mo|di|mi|do|fr|sa|so|mon|tue|wed|thu|fri|sat|sun)\.?\s*[-–]\s*(mo|di|mi|do|fr|sa|so|mon|tue|wed|thu|fri|sat|sun)\.?\s+\d/)
    }

    /// "EUR", "CHF", "Euro" alone on a line: the currency the amounts below are in, never a name.
    static func isCurrency(_ line: String) -> Bool {
        let letters = line.uppercased().filter(\.isLetter)
        return ["EURO", "EUR", "CHF", "SFR", "FR", "USD", "GBP", "MYR", "RM", "SGD"].contains(letters)
            || ReceiptVocabulary.currencies.contains { $0.symbol == line.trimmingCharacters(in: " .:").uppercased() }
    }

    static func isRegistration(_ line: String) -> Bool {
        let text = TotalKeywords.normalized(line)
        return TotalKeywords.containsAny(text, registrationWords)
    }

    /// OCR reads the D of "SDN BHD" as O or I: "SON BHD", "SIN BHD".
    static func repairedForm(_ line: String) -> String {
        ["SON BHD": "SDN BHD", "SIN BHD": "SDN BHD", "S0N BHD": "SDN BHD", "SON, BHD": "SDN. BHD", "SON. BHD": "SDN. BHD", "Son Bhd": "Sdn Bhd"]
            .reduce(line) { line, repair in line.replacing(repair.key, with: repair.value) }
    }

    /// "TRI SHAAS SDN BHD (728515-M)", "... SDN BHD 1110644-W", "... S/B 273500-U (KSB)": the
    /// registration number, and what follows it, is not part of the name.
    static func withoutRegistration(_ line: String) -> String {
        if let open = line.lastIndex(of: "("), line[open...].filter(\.isNumber).count >= 4 { return String(line[..<open]) }
        let words = line.split(separator: " ")
        guard let number = words.dropFirst().firstIndex(where: { $0.filter(\.isNumber).count >= 4 && $0.contains("-") }) else { return line }
        return words[..<number].joined(separator: " ")
    }

    /// "Dimiliki: banh mi cafe sdn bhd" (owned by): the owner's name without the words before it.
    static func withoutOwnerPrefix(_ line: String) -> String {
        let lower = line.lowercased()
        guard let prefix = ownerPrefixes.first(where: { lower.hasPrefix($0) }) else { return line }
        return String(line.dropFirst(prefix.count)).trimmingCharacters(in: ":-")
    }

    /// "F00DICIOUS", "URBAN 1DEA", "MR. D.1.Y.", "Taste Of The WorId", "LidI": OCR reads O as 0,
    /// I as 1 and l as I. In a name's word of letters, a 0 or 1 between letters (or dots), or a 1
    /// opening it, is the letter in the word's case; an I after a small letter is an l. Numbers
    /// stay numbers: "99", "LEVEL 10", "CT281", "OLIVE9", "1ST".
    static func withLettersReadAsDigits(_ name: String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            var characters = Array(word)
            let letters = characters.filter(\.isLetter)
            guard letters.count >= 2, !word.lowercased().contains(/^\d+(st|nd|rd|th)\W*$/) else { return String(word) }
            let upper = letters.filter(\.isUppercase).count * 2 >= letters.count
            func isLetterOrDot(_ index: Int) -> Bool { characters.indices.contains(index) && (characters[index].isLetter || characters[index] == ".") }
            // Only a word whose every digit is a 0 or 1 standing in letters is repaired.
            var runs: [Range<Int>] = []
            var index = 0
            while index < characters.count {
                guard characters[index].isNumber else { index += 1; continue }
                let start = index
                while index < characters.count, characters[index].isNumber { index += 1 }
                runs.append(start..<index)
            }
            let repairable = !runs.isEmpty && runs.allSatisfy { run in
                run.allSatisfy { characters[$0] == "0" || characters[$0] == "1" }
                    && (isLetterOrDot(run.lowerBound - 1) && isLetterOrDot(run.upperBound)
                        || run.lowerBound == 0 && run.count == 1 && characters[run.upperBound...].prefix(2).allSatisfy(\.isLetter) && characters.count >= 3)
            }
            if repairable {
                for run in runs { for position in run { characters[position] = characters[position] == "0" ? (upper ? "O" : "o") : (upper ? "I" : "l") } }
            }
            for position in characters.indices.dropFirst() where characters[position] == "I" && characters[position - 1].isLowercase
                && (position + 1 == characters.count || characters[position + 1].isLowercase) {
                characters[position] = "l"
            }
            return String(characters)
        }.joined(separator: " ")
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
