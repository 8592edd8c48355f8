/// The creditor printed on an orange slip under "Einzahlung für / Versement pour / Versamento
/// per", read from OCR's lines: the codeline names only the account, so without this the person
/// types the beneficiary's name and address. The block is the lines below the label in its
/// column, up to the account line ("Konto / Compte / Conto"); it counts only when it ends in a
/// Swiss or Liechtenstein postcode and town and every field fits a payment's limits, else nil and
/// the person fills it in as before (they confirm the form either way).
public enum SlipAddressBlock {
    /// At most this many lines between the label and the account: name (two lines at most),
    /// street, postcode and town.
    static let maximumLines = 4

    public static func creditor(in lines: [OCRLine]) -> QRBill.Address? {
        let labels = lines.filter { isLabel($0.text) }.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        for label in labels {
            if let address = address(block(below: label, in: lines).map(\.text)) { return address }
        }
        return nil
    }

    /// The lines under `label` whose left edge lies in its column, top to bottom, until the account
    /// line, a gap of more than two line heights, or `maximumLines`.
    static func block(below label: OCRLine, in lines: [OCRLine]) -> [OCRLine] {
        let height = max(1, label.box.height)
        let column = (label.box.x - 2 * height)...(label.box.x + max(label.box.width / 2, height))
        let below = lines.filter { line in
            line.box.y > label.box.y + height / 2 && column.contains(line.box.x) && !isLabel(line.text)
        }.sorted { $0.box.y < $1.box.y }
        var block: [OCRLine] = []
        var bottom = label.box.y + label.box.height
        for line in below {
            if isAccountLine(line.text) || line.box.y - bottom > 2 * max(height, line.box.height) || block.count == maximumLines { break }
            block.append(line)
            bottom = line.box.y + line.box.height
        }
        return block
    }

    /// Name lines, then an optional street line, then the postcode and town.
    static func address(_ block: [String]) -> QRBill.Address? {
        let texts = block.map(withoutBoxEdges).filter { !$0.isEmpty }
        guard texts.count >= 2, let placeLine = texts.last else { return nil }
        let country = placeLine.uppercased().hasPrefix("FL") ? "LI" : "CH"
        guard let (postalCode, town) = CombinedAddress.place(placeLine, country: country) else { return nil }
        var nameLines = Array(texts.dropLast())
        var street = "", number = ""
        // The line before the place is the street when it carries a building number or names a
        // post box; a block of name and place alone has none.
        if nameLines.count >= 2, let last = nameLines.last, let (name, building) = CombinedAddress.street(last) {
            let lowered = last.folded().lowercased()
            if !building.isEmpty || lowered.hasPrefix("postfach") || lowered.hasPrefix("case postale") {
                (street, number) = (name, building)
                nameLines.removeLast()
            }
        }
        let name = nameLines.joined(separator: ", ")
        guard name.contains(where: \.isLetter) else { return nil }
        // A payment's limits on each field, as a QR-bill's creditor is checked.
        var problems: [PaymentProblem] = []
        return QRBillRules.address(["S", name, street, number, postalCode, town, country], role: .creditor, into: &problems)
    }

    /// The line without the printed box's edge that OCR read as a bar or bracket beside it ("| Muster AG").
    static func withoutBoxEdges(_ line: String) -> String {
        let edges: Set<Character> = ["|", "[", "]", "¦"]
        var text = line.trimmingWhitespace()
        while let first = text.first, edges.contains(first) { text = String(text.dropFirst()).trimmingWhitespace() }
        while let last = text.last, edges.contains(last) { text = String(text.dropLast()).trimmingWhitespace() }
        return text
    }

    static func isLabel(_ text: String) -> Bool {
        let words = simplified(text)
        return words.contains("einzahlung fur") || words.contains("versement pour") || words.contains("versamento per")
    }

    static func isAccountLine(_ text: String) -> Bool {
        let words = simplified(text).split(separator: " ")
        return words.contains("konto") || words.contains("compte") || words.contains("conto")
            || text.split(separator: " ").contains(where: isParticipantShaped)
    }

    /// "01-162-8", whatever its check digit says (a misread one still marks the account line).
    private static func isParticipantShaped(_ word: Substring) -> Bool {
        guard word.contains("-") else { return false }
        switch ParticipantNumber.parse(String(word)) {
        case .success: return true
        case .failure(let problem): return problem.kind == .checkDigit
        }
    }

    /// Accents folded, then the receipts' keyword normalization: lower case, every run of other
    /// characters than letters and digits one space.
    private static func simplified(_ text: String) -> String {
        TotalKeywords.normalized(text.folded())
    }
}
