/// Rounding to 0.05 and what cash and change say was paid.
extension ReceiptExtractor {
    /// What a receipt that rounds to 0.05 says was due: a rounding line stating the rounded total
    /// ("Rounding RM 45.35", "Total after rounding 100.60") within 0.10 of `total`, else `total` to
    /// the nearest 0.05 when a rounding line shows a non-zero adjustment ("Rounding Adj RM 02" with
    /// its decimal point lost). "Rounding 0.00" means the total was not rounded: nil.
    static func roundedTotal(near total: Amount, lines: ArraySlice<String>) -> Amount? {
        var adjusted = false
        for line in lines {
            let text = TotalKeywords.normalized(line)
            guard TotalKeywords.containsAny(text, ReceiptVocabulary.rounding) else { continue }
            if let stated = AmountParser.amounts(in: line).last?.amount, stated.hundredths >= 100,
               abs(stated.hundredths - total.hundredths) < 10, stated.hundredths % 5 == 0 {
                return stated.rescaled(to: max(2, total.decimals))
            }
            let digits = line.split(whereSeparator: { !$0.isNumber }).last.map(String.init) ?? ""
            if let adjustment = AmountParser.amounts(in: line).last?.amount {
                // "-0.0]": a digit lost; only a clean "0.00" says nothing was rounded.
                adjusted = adjusted || (adjustment.hundredths != 0 && abs(adjustment.hundredths) < 10) || adjustment.decimals < 2
            } else if (1...2).contains(digits.count), let value = Int(digits), value > 0, value < 5 {
                adjusted = true
            }
        }
        guard adjusted else { return nil }
        return Amount(minorUnits: (total.hundredths + 2) / 5 * 5, decimals: 2).rescaled(to: max(2, total.decimals))
    }

    /// "TOTAL 60.31 / ROUNDING ADJ -0.01" means 60.30 was paid, when nothing after the rounding
    /// line states the rounded total itself.
    func roundedIfAdjusted(_ best: Candidate, lines: [String], amounts: [[Amount]], paidMinusChange: Amount?) -> Amount {
        guard let rounding = (best.line + 1..<min(lines.count, best.line + 3)).first(where: { index in
            let text = TotalKeywords.normalized(lines[index])
            return TotalKeywords.containsAny(text, ReceiptVocabulary.rounding)
        }), let adjustment = amounts[rounding].last, abs(adjustment.hundredths) < 10, adjustment.hundredths != 0 else { return best.amount }
        let adjusted = Amount(minorUnits: best.amount.hundredths + adjustment.hundredths, decimals: 2).rescaled(to: best.amount.decimals)
        if let paidMinusChange, paidMinusChange.sameValue(as: best.amount) { return best.amount }
        return adjusted
    }

    /// "Bar 10.00" and "Rückgeld 2.75" mean 7.25 was paid.
    func cashMinusChange(_ lines: [String], _ amounts: [[Amount]]) -> Amount? {
        // Some tills print money handed over or back as negative ("Cash -50.00"): sizes only.
        func stated(after phrases: [String], in candidates: [Int]? = nil) -> [Amount] {
            (candidates ?? Array(lines.indices)).compactMap { index in
                let text = TotalKeywords.normalized(lines[index])
                guard TotalKeywords.containsAny(text, phrases) else { return nil }
                guard let value = amounts[index].last else { return Self.statedZero(lines[index]) }
                return Amount(minorUnits: abs(value.minorUnits), decimals: value.decimals)
            }
        }
        // "Cash 8.60" may name the payment method with the total; what was handed over is the most.
        // "Total to pay 9.00" is the total, not money handed over.
        let payments = lines.indices.filter { keywords.weight(of: lines[$0]) == nil }
        guard let tendered = stated(after: ReceiptVocabulary.tendered, in: payments).max(), let change = stated(after: ReceiptVocabulary.change).first,
              tendered.hundredths > change.hundredths else { return nil }
        let decimals = max(tendered.decimals, change.decimals, 2)
        return Amount(minorUnits: tendered.hundredths - change.hundredths, decimals: 2).rescaled(to: decimals)
    }

    /// "CHANGE RM 00": OCR dropped the decimal point of a zero; a line ending in zeros states 0.00.
    static func statedZero(_ line: String) -> Amount? {
        guard let last = line.split(separator: " ").last, (1...3).contains(last.count),
              last.allSatisfy({ $0 == "0" || $0 == "." || $0 == "," }), last.contains("0") else { return nil }
        return Amount(minorUnits: 0, decimals: 2)
    }
}

extension Amount {
    func rescaled(to places: Int) -> Amount {
        var value = hundredths
        var current = 2
        while current < places { value *= 10; current += 1 }
        return Amount(minorUnits: value, decimals: current)
    }
}
