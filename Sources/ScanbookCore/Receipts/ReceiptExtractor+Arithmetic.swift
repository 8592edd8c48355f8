/// The receipt's own arithmetic as witnesses of the total. OCR misreads digits in the amount
/// column ("Total incl. GST 64.50" for 54.50) but rarely the same way in every line, so three
/// independent sums check the total read:
/// - the breakdown: sub-total (or net) − discount + taxes and charges ± rounding;
/// - the tax summary: taxable amount + tax per rate;
/// - what was paid: cash − change;
/// - the items: the amounts of the lines above the first sum line, added up.
/// A total that none of them confirms gives way to an amount two of them agree on, or to one
/// witness within one OCR slip of the total read.
extension ReceiptExtractor {
    struct ArithmeticWitness: Equatable {
        enum Source: Equatable { case breakdown, taxSummary, cashAndChange, items }
        let source: Source
        /// The totals this witness allows, in hundredths (a tax may be included or added on top;
        /// a rounding line may have lost its sign).
        let totals: Set<Int>
        /// A sub-total with nothing added or taken off: one line read again, not a sum.
        let copiesOneLine: Bool
        /// The line the sum starts from (the sub-total's), which cannot confirm itself.
        var startLine: Int?
    }

    /// The total the receipt's arithmetic asks for instead of `total`, with the line it is printed
    /// on (if any); nil when the total read is confirmed or nothing better is known. `doubtful`:
    /// OCR was unsure of the total's digits.
    func totalConfirmedByArithmetic(
        _ total: Amount?, origin: TotalOrigin, doubtful: Bool, lines: [String], amounts: [[Amount]]
    ) -> (total: Amount, line: Int?)? {
        let end = Self.summaryStart(lines)
        let witnesses = arithmeticWitnesses(lines, amounts: amounts, end: end, origin: origin)
        if let total, witnesses.contains(where: { $0.totals.contains(total.hundredths) }) { return nil }
        let decimals = max(2, total?.decimals ?? 2)
        func printedTwice(_ value: Int) -> Bool { amounts[..<end].filter { $0.contains { $0.hundredths == value } }.count >= 2 }
        func printed(_ value: Int) -> Int? {
            amounts.indices.last { index in index < end && amounts[index].contains { $0.hundredths == value } }
        }
        func answer(_ value: Int) -> (total: Amount, line: Int?) {
            let amount = Amount(minorUnits: value, decimals: 2)
            let rounded = value % 5 == 0 ? nil : Self.roundedTotal(near: amount, lines: lines[..<end])
            return ((rounded ?? amount).rescaled(to: decimals), printed(value))
        }
        let allowed = witnesses.map(\.totals)
        let agreed = Set(allowed.joined()).filter { value in value > 0 && allowed.filter { $0.contains(value) }.count >= 2 }
        if agreed.count == 1, let value = agreed.first { return answer(value) }
        guard agreed.isEmpty else { return nil }
        if let total, doubtful {
            // A few cents apart is rounding, not a misread digit.
            let slips = Self.oneSlipReadings(of: total.hundredths).filter { abs($0 - total.hundredths) >= 5 }
            let near = Set(allowed.joined()).filter { slips.contains($0) }
            if near.count == 1, let value = near.first { return answer(value) }
        }
        // Without a clear keyword the total is a guess: what the tax summary adds up to is a better
        // one, else the sub-total with the charges listed below it. Not when the guess is printed
        // more than once (as the total and as the payment) or is the witnessed sum rounded to 0.05.
        guard origin == .largestAmount || origin == .weakKeyword, !(total.map { printedTwice($0.hundredths) } ?? false) else { return nil }
        let guesses = [ArithmeticWitness.Source.taxSummary, .breakdown].compactMap { source -> Int? in
            guard let witness = witnesses.first(where: { $0.source == source }), let value = witness.totals.max() else { return nil }
            return witness.copiesOneLine && !printedTwice(value) ? nil : value
        }
        if let value = guesses.first, abs(value - (total?.hundredths ?? 0)) > 4 { return answer(value) }
        return nil
    }

    /// The sums on the receipt that say what the total should be.
    func arithmeticWitnesses(_ lines: [String], amounts: [[Amount]], end: Int, origin: TotalOrigin) -> [ArithmeticWitness] {
        let rounding = Self.roundingAdjustment(lines[..<end], amounts: amounts)
        var witnesses = [
            Self.breakdownWitness(lines[..<end], amounts: amounts, rounding: rounding),
            Self.taxSummaryWitness(lines[end...], amounts: amounts, rounding: rounding),
        ].compactMap { $0 }
        // The items add up to the sub-total: with nothing added below it they witness the total,
        // unless they merely repeat the sub-total as printed. With tax or charges added below,
        // they would confirm a sub-total mistaken for the total.
        let breakdown = witnesses.first { $0.source == .breakdown }
        if let items = Self.itemsWitness(lines[..<end], amounts: amounts, vocabulary: keywords),
           breakdown.map({ $0.copiesOneLine && $0.totals != items.totals }) ?? true {
            witnesses.append(items)
        }
        // A total taken from cash and change is no witness of itself.
        if origin != .cashMinusChange, let paid = cashMinusChange(lines, amounts) ?? paidByCard(lines, amounts) {
            witnesses.append(ArithmeticWitness(source: .cashAndChange, totals: [paid.hundredths], copiesOneLine: false))
        }
        return witnesses
    }

    /// "Geg. EC-Karte 42,36", "Kartenzahlung 93.07": a card pays the total exactly, so the amount
    /// beside the payment method is one more witness, when no change is given back.
    func paidByCard(_ lines: [String], _ amounts: [[Amount]]) -> Amount? {
        guard !lines.contains(where: { TotalKeywords.containsAny(TotalKeywords.normalized($0), ReceiptVocabulary.change) }) else { return nil }
        let paid = lines.indices.filter { index in
            TotalKeywords.containsAny(TotalKeywords.normalized(lines[index]), ReceiptVocabulary.paymentMethods) && keywords.weight(of: lines[index]) == nil
        }.compactMap { amounts[$0].last }.filter { $0.minorUnits > 0 }
        // Two card lines must agree (the slip repeats the amount); different amounts say nothing.
        guard let first = paid.first, paid.allSatisfy({ $0.sameValue(as: first) }) else { return nil }
        return first
    }

    /// Where the tax summary after the sale begins (it repeats "TOTAL" for tax bases), or the end.
    static func summaryStart(_ lines: [String]) -> Int {
        let heading = lines.firstIndex { line in
            // "GST SUMMARY", glued by OCR ("GSTSummary") or one letter misread ("Sumaary").
            TotalKeywords.normalized(line).split(separator: " ").contains { word in
                ReceiptVocabulary.summaryHeadings.contains { word.hasSuffix($0) }
                    || ((6...8).contains(word.count) && MerchantMatcher.editDistance(Array(word), Array("summary")) == 1)
            }
        }
        return heading ?? lines.indices.first { isTaxColumnHeader(lines, at: $0) } ?? lines.count
    }

    /// A summary without a heading starts with its column titles ("GST Rate Amt Excl GST(RM)
    /// Tax(RM)"), told from an item table's titles by the row below: a rate in percent and at
    /// least two amounts.
    static func isTaxColumnHeader(_ lines: [String], at index: Int) -> Bool {
        let text = TotalKeywords.normalized(lines[index])
        // The word checks first: this runs on every line of a receipt without a summary heading.
        guard index + 1 < lines.count, TotalKeywords.containsAny(text, ReceiptVocabulary.tax),
              TotalKeywords.containsAny(text, ReceiptVocabulary.taxColumn) || lines[index].contains("%"),
              AmountParser.amounts(in: lines[index]).isEmpty else { return false }
        let row = lines[index + 1]
        return row.contains("%") && row.contains(/\d\s*%/) && AmountParser.amounts(in: row).count >= 2
    }

    /// The rounding line's adjustment, and whether it could be either sign ("Rounding 0.01").
    struct Rounding {
        let hundredths: Int
        let signKnown: Bool

        func applied(to values: Set<Int>) -> Set<Int> {
            guard hundredths != 0 else { return values }
            let adjusted = values.map { $0 + hundredths } + (signKnown ? [] : values.map { $0 - hundredths })
            // Rounding exists to reach a multiple of 0.05.
            return Set(adjusted.filter { $0 % 5 == 0 })
        }
    }

    static func roundingAdjustment(_ lines: ArraySlice<String>, amounts: [[Amount]]) -> Rounding? {
        for index in lines.indices {
            let text = TotalKeywords.normalized(lines[index])
            guard TotalKeywords.containsAny(text, ReceiptVocabulary.rounding),
                  let adjustment = amounts[index].last, abs(adjustment.hundredths) < 10 else { continue }
            return Rounding(hundredths: adjustment.hundredths, signKnown: adjustment.hundredths < 0 || lines[index].contains("+"))
        }
        return nil
    }

    /// Sub-total − discount + taxes and charges below it ± rounding, taxes either added or
    /// already included. Nil without a sub-total line.
    static func breakdownWitness(_ lines: ArraySlice<String>, amounts: [[Amount]], rounding: Rounding?) -> ArithmeticWitness? {
        // The sub-total's amount, or its digits when OCR lost the decimal mark ("Excluding GST : 5142").
        func net(on index: Int) -> Int? {
            let text = glueSplit(lines[index])
            guard TotalKeywords.containsAny(text, ReceiptVocabulary.net) else { return nil }
            let value = amounts[index].last?.hundredths ?? AmountParser.lostDecimalMark(in: lines[index])?.hundredths
            return value.flatMap { $0 > 0 ? $0 : nil }
        }
        guard let netLine = lines.indices.last(where: { net(on: $0) != nil }), let net = net(on: netLine) else { return nil }
        var charges = 0
        var taxes = 0
        var discount = 0
        for index in lines.indices where index > netLine {
            let text = glueSplit(lines[index])
            guard let value = amounts[index].last?.hundredths, value != 0 else { continue }
            // "Total incl. GST", cash and change lines name a tax or a total, not a charge.
            if ReceiptVocabulary.statesTaxIncluded(text) { continue }
            if TotalKeywords.containsAny(text, ReceiptVocabulary.tendered) { continue }
            if TotalKeywords.containsAny(text, ReceiptVocabulary.discount) {
                discount += abs(value)
            } else if TotalKeywords.containsAny(text, ReceiptVocabulary.charges), value > 0 {
                let tax = TotalKeywords.containsAny(text, ReceiptVocabulary.tax)
                // "Tax total 0.40" under "GST 0.40" states the taxes above it again.
                if tax, value == taxes, TotalKeywords.containsAny(text, TotalKeywords.defaultPhrases) { continue }
                if tax { taxes += value }
                charges += value
            }
        }
        let base = net - discount
        let totals = (rounding ?? Rounding(hundredths: 0, signKnown: true)).applied(to: [base, base + charges])
        // A sub-total with nothing below it is a copy of one line, not a sum.
        let copy = charges == 0 && discount == 0 && (rounding?.hundredths ?? 0) == 0
        return totals.isEmpty ? nil : ArithmeticWitness(source: .breakdown, totals: totals, copiesOneLine: copy, startLine: netLine)
    }

    /// The item lines' amounts added up: each line's rightmost amount from the first line with one
    /// to the line before the first that names a sum, tax, rounding or payment. A line pricing a
    /// quantity ("2 @ 3.50", "4 x 12.50") is skipped: its amount is a unit price, and the line
    /// total stands on its own line. Nil when no item line has an amount.
    static func itemsWitness(_ lines: ArraySlice<String>, amounts: [[Amount]], vocabulary keywords: TotalKeywords) -> ArithmeticWitness? {
        let sumWords = ReceiptVocabulary.net + ReceiptVocabulary.partial + ReceiptVocabulary.tax + ReceiptVocabulary.rounding
            + ReceiptVocabulary.tendered + ReceiptVocabulary.change + ReceiptVocabulary.discount + ReceiptVocabulary.paymentMethods
        var sum = 0
        var items = 0
        for index in lines.indices {
            if keywords.weight(of: lines[index]) != nil || TotalKeywords.containsAny(glueSplit(lines[index]), sumWords) {
                guard items == 0 else { break }
                continue
            }
            guard let value = amounts[index].last?.hundredths, value > 0 else { continue }
            if lines[index].contains("@") || TotalKeywords.normalized(lines[index]).split(separator: " ").contains("x") { continue }
            let (added, overflow) = sum.addingReportingOverflow(value)
            guard !overflow else { return nil }
            sum = added
            items += 1
        }
        guard items > 0 else { return nil }
        return ArithmeticWitness(source: .items, totals: [sum], copiesOneLine: items == 1)
    }

    /// The tax summary's rows: taxable amount + tax (the summary's own total row when it has
    /// one), or the gross column when a row states net, tax and gross. Nil without such rows.
    static func taxSummaryWitness(_ lines: ArraySlice<String>, amounts: [[Amount]], rounding: Rounding?) -> ArithmeticWitness? {
        var rows: [Int] = []
        var totalRow: Int?
        for index in lines.indices.dropFirst() {
            var values = amounts[index].map(\.hundredths)
            // A zero tax whose decimal mark OCR lost ("Z 141.50 00") is still zero.
            if values.count == 1, let last = lines[index].split(separator: " ").last,
               case let digits = last.filter({ $0.isLetter || $0.isNumber }), (1...3).contains(digits.count), digits.allSatisfy({ $0 == "0" }) {
                values.append(0)
            }
            // A rate without sales ("Z @ 0% 0.00 0.00") adds nothing, whatever OCR made of its tax.
            guard values.count >= 2, values.allSatisfy({ $0 >= 0 }), values[values.count - 2] > 0 else { continue }
            let n = values.count
            let gross = n >= 3 && values[n - 3] + values[n - 2] == values[n - 1] ? values[n - 1] : values[n - 2] + values[n - 1]
            if TotalKeywords.containsPhrase(TotalKeywords.normalized(lines[index]), "total") {
                totalRow = gross
            } else if !rows.isEmpty, values[n - 2] == rows.reduce(0, +) {
                // Tax charged on what the rows above add up to (GST on the service charge's gross).
                rows = [gross]
            } else {
                rows.append(gross)
            }
        }
        guard let sum = totalRow ?? (rows.isEmpty ? nil : rows.reduce(0, +)), sum > 0 else { return nil }
        let totals = (rounding ?? Rounding(hundredths: 0, signKnown: true)).applied(to: [sum])
        return totals.isEmpty ? nil : ArithmeticWitness(source: .taxSummary, totals: totals, copiesOneLine: false)
    }

    /// OCR glues label words ("TotalGST", "SUBTOTAL"): split a known tax word off the front or back.
    static func glueSplit(_ line: String) -> String {
        let words = TotalKeywords.normalized(line).split(separator: " ").flatMap { word -> [Substring] in
            for glued in ["gst", "tax", "total"] where word.count > glued.count {
                if word.hasPrefix(glued) { return [word.prefix(glued.count), word.dropFirst(glued.count)] }
                if word.hasSuffix(glued) { return [word.dropLast(glued.count), word.suffix(glued.count)] }
            }
            return [word]
        }
        return words.joined(separator: " ")
    }

    /// Every reading of `hundredths` one OCR slip away: one digit changed, lost or added.
    static func oneSlipReadings(of hundredths: Int) -> Set<Int> {
        let digits = Array(String(hundredths))
        var variants = Set<Int>()
        for index in digits.indices {
            var deleted = digits
            deleted.remove(at: index)
            if let value = Int(String(deleted)) { variants.insert(value) }
            for digit in "0123456789" {
                var changed = digits
                changed[index] = digit
                if let value = Int(String(changed)) { variants.insert(value) }
            }
        }
        for index in 0...digits.count {
            for digit in "0123456789" {
                var inserted = digits
                inserted.insert(digit, at: index)
                if let value = Int(String(inserted)) { variants.insert(value) }
            }
        }
        variants.remove(hundredths)
        return variants.filter { $0 > 0 }
    }
}
