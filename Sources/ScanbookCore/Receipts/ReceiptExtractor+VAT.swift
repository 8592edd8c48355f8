/// The VAT line as a second witness of the total: "MwSt 8.1% inkl. 14,09" means the total was
/// 14.09 × 108.1 / 8.1 = 188.04, give or take the VAT's rounding to the cent. (Tax added on top
/// gives the same relation: tax = net × r, total = net × (1 + r).) When the total read is far off,
/// the reading within one OCR slip of it (a digit misread, lost, or a decimal mark read as a digit)
/// that agrees best, without a tie, is the total: "1883,09" → 188.09, "18,23" → 78.23; so is a
/// total line's number that lost its decimal mark ("Summe CHF 152228" → 1522.28 → 152.28).
extension ReceiptExtractor {
    struct VATWitness: Equatable {
        /// The total the VAT line implies, in hundredths.
        let total: Int
        /// How far the real total may lie from it, in hundredths.
        let tolerance: Int

        func agrees(with amount: Amount) -> Bool { abs(amount.hundredths - total) <= tolerance }

        /// Only a total more than 10% off is second-guessed: shops round VAT per line or truncate
        /// it ("GST 6% 5.64" on a total of 99.80 implies 99.64), and at 5% one right total on
        /// sroie-dev was "corrected" by a misread VAT line.
        func contradicts(_ amount: Amount) -> Bool { abs(amount.hundredths - total) > max(tolerance, total / 10) }
    }

    /// A total the VAT line contradicts, replaced by the one reading it confirms: the total read
    /// (on line `line`) with one OCR slip undone, else a total line's number that lost its decimal
    /// mark. Returns the total and the line it now comes from, so a correction teaches that line's
    /// keyword. Nil when there is no VAT witness, it agrees, or nothing it confirms is on the receipt.
    func totalConfirmedByVAT(_ total: Amount?, line: Int?, lines: [String], amounts: [[Amount]]) -> (total: Amount, line: Int?)? {
        guard let witness = Self.vatWitness(lines, keywords: keywords) else { return nil }
        if let total, !witness.contradicts(total) { return nil }
        let lostMarks = lines.indices.filter { amounts[$0].isEmpty && keywords.weight(of: lines[$0]) != nil }
            .compactMap { index in AmountParser.lostDecimalMark(in: lines[index]).map { (total: $0, line: Optional(index)) } }
        // A misread VAT line can imply any total: never more than the receipt shows anywhere.
        let largest = (amounts.joined() + lostMarks.map(\.total)).map(\.hundredths).max() ?? 0
        let confirmed = total.flatMap { Self.corrected($0, by: witness) }.map { (total: $0, line: line) }
            ?? lostMarks.lazy.compactMap { mark in
                (witness.agrees(with: mark.total) ? mark.total : Self.corrected(mark.total, by: witness)).map { (total: $0, line: mark.line) }
            }.first
        return confirmed.flatMap { $0.total.hundredths <= largest ? $0 : nil }
    }

    /// The witness, when the receipt names exactly one VAT rate with an amount; with several rates
    /// each line covers only part of the total.
    static func vatWitness(_ lines: [String], keywords: TotalKeywords) -> VATWitness? {
        var witnesses: [(rateTenths: Int, witness: VATWitness)] = []
        for line in lines where keywords.weight(of: line) == nil {
            let text = TotalKeywords.normalized(line)
            guard TotalKeywords.containsAny(text, ReceiptVocabulary.tax),
                  let percent = line.firstIndex(of: "%"),
                  let rateTenths = Self.rateTenths(before: percent, in: line), (1...300).contains(rateTenths),
                  let vat = Self.amount(after: percent, in: line)
            else { continue }
            let cents = vat.hundredths
            guard cents > 0 else { continue }
            let total = (cents * (1000 + rateTenths) + rateTenths / 2) / rateTenths
            // Half a cent of VAT rounding, scaled up, plus a 0.05 rounding of the total itself.
            let tolerance = (1000 + rateTenths + 2 * rateTenths - 1) / (2 * rateTenths) + 3
            witnesses.append((rateTenths, VATWitness(total: total, tolerance: tolerance)))
        }
        guard let first = witnesses.first, witnesses.allSatisfy({ $0.rateTenths == first.rateTenths }),
              witnesses.allSatisfy({ abs($0.witness.total - first.witness.total) <= first.witness.tolerance })
        else { return nil }
        return first.witness
    }

    /// The VAT amount: the last amount after the rate, or one whose decimal mark OCR lost ("inkl. 512").
    static func amount(after percent: String.Index, in line: String) -> Amount? {
        let rest = String(line[line.index(after: percent)...])
        return AmountParser.amounts(in: rest).last?.amount ?? AmountParser.lostDecimalMark(in: rest)
    }

    /// "8.1" or "19" before the "%" sign, in tenths of a percent.
    static func rateTenths(before percent: String.Index, in line: String) -> Int? {
        let number = line[..<percent].reversed().drop { $0 == " " }.prefix { $0.isNumber || $0 == "." || $0 == "," }
        let parts = String(number.reversed()).split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard let whole = parts.first.flatMap({ Int($0) }), parts.count <= 2 else { return nil }
        let tenth = parts.count == 2 ? Int(parts[1].prefix(1)) ?? 0 : 0
        return whole * 10 + tenth
    }

    /// The reading of `total` within one OCR edit that the witness confirms best, when `total`
    /// itself is far off; nil when it is not, or no reading agrees, or two agree equally well.
    static func corrected(_ total: Amount, by witness: VATWitness) -> Amount? {
        guard witness.contradicts(total) else { return nil }
        let variants = oneSlipReadings(of: total.hundredths)
        // Several readings may fall inside the tolerance ("1883,09" → 188.09, 188.39, 188.30): the
        // closest wins, a tie decides nothing.
        let agreeing = variants.filter { $0 > 0 && abs($0 - witness.total) <= witness.tolerance }
            .sorted { abs($0 - witness.total) < abs($1 - witness.total) }
        guard let best = agreeing.first,
              agreeing.count == 1 || abs(agreeing[1] - witness.total) > abs(best - witness.total) else { return nil }
        return Amount(minorUnits: best, decimals: 2).rescaled(to: max(2, total.decimals))
    }
}
