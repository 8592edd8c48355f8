/// Reads the paid total, the date and the merchant from a receipt's OCR lines.
public struct ReceiptExtractor: Sendable {
    public var keywords: TotalKeywords
    /// The last day the receipt can be from (the day it is read, a day ahead for time zones): a
    /// later date is an OCR slip ("2078" for "2018") and the next date on the receipt is taken.
    public var latestDate: CalendarDate?

    public init(keywords: TotalKeywords = .standard, latestDate: CalendarDate? = nil) {
        self.keywords = keywords
        self.latestDate = latestDate
    }

    public struct Result: Equatable, Sendable {
        public var total: Amount?
        public var currency: String?
        public var date: CalendarDate?
        public var merchant: String?
        /// 0–1: how sure the total is (keyword strength, agreement of cash and change, repetition).
        public var confidence: Double
        /// Index of the line the total was read from, for learning a corrected keyword.
        public var totalLine: Int?
        /// What backs the total beyond OCR having read it.
        public var totalEvidence: TotalEvidence
    }

    /// How well a total is backed, weakest first: a reading with more evidence wins over another.
    public enum TotalEvidence: Int, Comparable, Sendable {
        case none
        /// The largest amount, or one under a column header's "Amount".
        case guess
        /// The amount beside a total keyword, which nothing else on the receipt confirms.
        case keyword
        /// The receipt's own sums (breakdown, tax summary, cash − change, VAT) give the same total.
        case witnessed

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public func extract(lines: [String]) -> Result {
        extract(lines: lines, words: nil)
    }

    /// With OCR's words, a doubtful total (a low word confidence) may be corrected by the
    /// receipt's own arithmetic.
    public func extract(_ ocr: OCRResult) -> Result {
        guard !ocr.lines.isEmpty else { return extract(lines: ocr.text.split(separator: "\n").map(String.init)) }
        let byLine = Dictionary(grouping: ocr.words, by: \.line)
        return extract(lines: ocr.lines.map(\.text), words: ocr.lines.indices.map { byLine[$0] ?? [] })
    }

    private func extract(lines rawLines: [String], words rawWords: [[OCRWord]]?) -> Result {
        let kept = rawLines.indices.filter { !rawLines[$0].trimmingWhitespace().isEmpty }
        let lines = kept.map { rawLines[$0].trimmingWhitespace() }
        let words = rawWords.map { all in kept.map { all.indices.contains($0) ? all[$0] : [] } }
        let reading = findTotal(lines)
        var (total, confidence, totalLine) = (reading.amount, reading.confidence, reading.line)
        var replaced = false
        let doubtful = totalLine.flatMap { line in words.map { Self.amountConfidence(on: line, words: $0) } }.map { ($0 ?? 100) < 75 } ?? false
        // "( 1,9" for 174.90: a total with one decimal where money has two lost its other digits,
        // so it is no better than a guess.
        let clipped = reading.origin == .keyword && total?.decimals == 1
        if let checked = totalConfirmedByArithmetic(
            total, origin: clipped ? .weakKeyword : reading.origin, doubtful: doubtful, lines: lines
        ) {
            (total, totalLine, replaced) = (checked.total, checked.line, true)
            confidence = min(confidence, 0.7)
        }
        if let confirmed = totalConfirmedByVAT(total, line: totalLine, lines: lines) {
            (total, totalLine, replaced) = (confirmed.total, confirmed.line, true)
            confidence = min(confidence, 0.7)
        }
        return Result(
            total: total, currency: findCurrency(lines), date: findDate(lines),
            merchant: MerchantGuess.from(lines), confidence: confidence, totalLine: totalLine,
            totalEvidence: evidence(for: total, line: totalLine, origin: reading.origin, replaced: replaced, lines: lines)
        )
    }

    /// `replaced`: the total is one a witness gave instead of the amount read, so that witness
    /// alone does not confirm it; a second one must.
    private func evidence(for total: Amount?, line: Int?, origin: TotalOrigin, replaced: Bool, lines: [String]) -> TotalEvidence {
        guard let total else { return .none }
        let amounts = lines.map { AmountParser.amounts(in: $0).map(\.amount) }
        let witnesses = arithmeticWitnesses(lines, amounts: amounts, end: Self.summaryStart(lines), origin: origin)
        // A total paid in cash may be the sum rounded to 0.05 with no rounding line printed.
        func confirms(_ sum: Int) -> Bool { sum == total.hundredths || (total.hundredths % 5 == 0 && (sum + 2) / 5 * 5 == total.hundredths) }
        // A guess read off the sub-total's line is not confirmed by the sum that starts there.
        var confirming = witnesses.filter { !$0.copiesOneLine && (line == nil || $0.startLine != line) && $0.totals.contains(where: confirms) }.count
        if let vat = Self.vatWitness(lines, keywords: keywords), vat.agrees(with: total) { confirming += 1 }
        if confirming >= (replaced ? 2 : 1) { return .witnessed }
        return origin == .keyword || origin == .cashMinusChange ? .keyword : .guess
    }

    /// OCR's confidence in the rightmost amount of a line: its words holding digits, the least sure.
    static func amountConfidence(on line: Int, words: [[OCRWord]]) -> Double? {
        guard words.indices.contains(line) else { return nil }
        let numeric = words[line].filter { $0.text.contains(where: \.isNumber) }
        guard let last = numeric.last else { return nil }
        // "RM 64. 50" is two words for one amount.
        let before = numeric.dropLast().last.flatMap { $0.text.last == "." || $0.text.last == "," ? $0 : nil }
        return min(last.confidence, before?.confidence ?? 100)
    }

    // MARK: - Total

    private struct Candidate {
        let amount: Amount
        let weight: Int
        let line: Int
    }

    /// Where a total was read: after a keyword, after only a generic one ("Amount", and that above
    /// its line: as often a column header over the items), from cash − change, or (no keyword, no
    /// change line) the largest amount in the lower part of the receipt.
    enum TotalOrigin { case keyword, weakKeyword, cashMinusChange, largestAmount }

    private struct TotalReading {
        let amount: Amount?
        let confidence: Double
        let line: Int?
        let origin: TotalOrigin
    }

    private func findTotal(_ lines: [String]) -> TotalReading {
        let amounts = lines.map { AmountParser.amounts(in: $0).map(\.amount) }
        // Tax summaries after the sale repeat "TOTAL" for tax bases and tax amounts.
        let end = Self.summaryStart(lines)
        var candidates: [Candidate] = []
        for index in 0..<end {
            guard let weight = keywords.weight(of: lines[index]) else { continue }
            // The amount on the keyword's line (rightmost), else alone on one of the next two lines.
            if let amount = amounts[index].last(where: { $0.minorUnits > 0 }) {
                candidates.append(Candidate(amount: amount, weight: weight, line: index))
            } else if let repaired = AmountParser.spaceForDecimalMark(in: lines[index]) ?? AmountParser.strayDigit(in: lines[index]) {
                // A repaired reading yields to a clean one under an equal keyword.
                candidates.append(Candidate(amount: repaired, weight: weight - 1, line: index))
            } else if let next = (index + 1..<min(end, index + 3)).first(where: { !amounts[$0].isEmpty && MerchantGuess.letterShare(lines[$0]) < 0.3 }),
                      let amount = amounts[next].last(where: { $0.minorUnits > 0 }) {
                candidates.append(Candidate(amount: amount, weight: weight - 1, line: next))
            }
        }
        let paidMinusChange = cashMinusChange(lines, amounts)

        // Equal keywords: the later line, which is where receipts state what is finally due.
        guard let best = candidates.max(by: { ($0.weight, $0.line) < ($1.weight, $1.line) }) else {
            if let paidMinusChange, paidMinusChange.minorUnits > 0 {
                return TotalReading(amount: paidMinusChange, confidence: 0.6, line: nil, origin: .cashMinusChange)
            }
            // No keyword: the largest amount in the lower part of the receipt, if any.
            // Never the change given back.
            let lower = lines.indices.filter { index in
                index >= lines.count / 3 && index < end
                    && !TotalKeywords.containsAny(TotalKeywords.normalized(lines[index]), TotalKeywords.change)
            }
            let fallback = lower.flatMap { index in amounts[index].map { (amount: $0, line: index) } }.filter { $0.amount.minorUnits > 0 }
                .max { $0.amount < $1.amount }
            return TotalReading(amount: fallback?.amount, confidence: fallback == nil ? 0 : 0.3, line: fallback?.line, origin: .largestAmount)
        }
        if let paidMinusChange, !paidMinusChange.sameValue(as: best.amount),
           let agreed = candidates.filter({ $0.amount.sameValue(as: paidMinusChange) }).max(by: { $0.weight < $1.weight }) {
            // Cash and change agree with another candidate: that one was paid.
            return TotalReading(amount: agreed.amount, confidence: 0.85, line: agreed.line, origin: .keyword)
        }
        var confidence = 0.55 + 0.07 * Double(best.weight)
        if let paidMinusChange, paidMinusChange.sameValue(as: best.amount) { confidence += 0.2 }
        if candidates.filter({ $0.amount.sameValue(as: best.amount) }).count > 1 { confidence += 0.1 }
        // A "total" smaller than another keyword candidate is suspicious (a partial sum).
        if candidates.contains(where: { $0.amount > best.amount && $0.weight >= best.weight - 1 }) { confidence -= 0.15 }
        var total = roundedIfAdjusted(best, lines: lines, amounts: amounts, paidMinusChange: paidMinusChange)
        if let paidMinusChange, !paidMinusChange.sameValue(as: total), abs(paidMinusChange.hundredths - total.hundredths) < 10,
           paidMinusChange.hundredths % 5 == 0 {
            // Cash is paid in 0.05 steps (CH, MY): a total a few cents off what cash and change
            // say is the unrounded sum or a misread digit.
            total = paidMinusChange.rescaled(to: total.decimals)
            confidence = min(confidence, 0.75)
        } else if total.hundredths % 5 != 0, let rounded = Self.roundedTotal(near: total, lines: lines[..<end]) {
            total = rounded
            confidence = min(confidence, 0.7)
        } else if total.hundredths % 5 != 0,
                  let stated = candidates.first(where: { $0.amount.hundredths == (total.hundredths + 2) / 5 * 5 && $0.amount.hundredths % 5 == 0 }) {
            // The sum and, on another total line, what was paid in cash: the sum to 0.05.
            total = stated.amount
        }
        return TotalReading(
            amount: total, confidence: min(0.99, max(0.1, confidence)), line: best.line, origin: best.weight <= 1 ? .weakKeyword : .keyword
        )
    }

    /// What a receipt that rounds to 0.05 says was due: a rounding line stating the rounded total
    /// ("Rounding RM 45.35", "Total after rounding 100.60") within 0.10 of `total`, else `total` to
    /// the nearest 0.05 when a rounding line shows a non-zero adjustment ("Rounding Adj RM 02" with
    /// its decimal point lost). "Rounding 0.00" means the total was not rounded: nil.
    static func roundedTotal(near total: Amount, lines: ArraySlice<String>) -> Amount? {
        var adjusted = false
        for line in lines {
            let text = TotalKeywords.normalized(line)
            guard TotalKeywords.containsAny(text, ["rounding", "rounded", "round adj", "rundung"]) else { continue }
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
    private func roundedIfAdjusted(_ best: Candidate, lines: [String], amounts: [[Amount]], paidMinusChange: Amount?) -> Amount {
        guard let rounding = (best.line + 1..<min(lines.count, best.line + 3)).first(where: { index in
            let text = TotalKeywords.normalized(lines[index])
            return TotalKeywords.containsPhrase(text, "rounding") || TotalKeywords.containsPhrase(text, "rundung")
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
        guard let tendered = stated(after: TotalKeywords.tendered, in: payments).max(), let change = stated(after: TotalKeywords.change).first,
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

    // MARK: - Date and currency

    private func findDate(_ lines: [String]) -> CalendarDate? {
        func isLabelled(_ line: String) -> Bool {
            TotalKeywords.containsAny(TotalKeywords.normalized(line), ["date", "datum", "tarikh", "dated"])
        }
        // Beside a label, a date after `latestDate` has a misread year ("Date: 31/03/2078");
        // elsewhere it is as likely no date at all ("12.22.50").
        func checked(_ date: CalendarDate, labelled: Bool) -> CalendarDate? {
            if labelled { return yearSlipRepaired(date) }
            if let latestDate, date > latestDate { return nil }
            return date
        }
        func dates(in line: String) -> [CalendarDate] {
            DateParser.dates(in: line).compactMap { checked($0.date, labelled: isLabelled(line)) }
        }
        if let labelled = lines.lazy.filter(isLabelled).map(dates).first(where: { !$0.isEmpty }) { return labelled.first }
        if let anywhere = lines.lazy.compactMap({ dates(in: $0).first }).first { return anywhere }
        // Only next to a "Date" label or a time ("25032018 13:11:54"): separators OCR read as
        // digits ("Date: 1300372018").
        return lines.lazy.filter { isLabelled($0) || $0.contains(/\d:\d\d/) }.compactMap { line in
            DateParser.separatorsReadAsDigits(line).flatMap { checked($0, labelled: isLabelled(line)) }
        }.first
    }

    /// `date`, or when it lies after `latestDate` its reading with one digit of the year
    /// changed ("2078" for "2018"), if exactly one such year lies in the ten years before.
    func yearSlipRepaired(_ date: CalendarDate) -> CalendarDate? {
        guard let latestDate, date > latestDate else { return date }
        let years = Self.oneSlipReadings(of: date.year).filter { (latestDate.year - 10...latestDate.year).contains($0) && $0 >= 1000 }
        guard years.count == 1, let year = years.first,
              let repaired = CalendarDate(year: year, month: date.month, day: date.day), repaired <= latestDate else { return nil }
        return repaired
    }

    private func findCurrency(_ lines: [String]) -> String? {
        let known: [(symbol: String, code: String)] = [
            ("CHF", "CHF"), ("SFR", "CHF"), ("EUR", "EUR"), ("€", "EUR"), ("RM", "RM"), ("MYR", "RM"),
            ("USD", "USD"), ("SGD", "SGD"), ("GBP", "GBP"), ("£", "GBP"),
        ]
        for line in lines {
            let upper = line.uppercased()
            for (symbol, code) in known where upper.contains(symbol) {
                if symbol.count <= 2 && symbol.allSatisfy(\.isLetter) {
                    // "RM" must stand alone or before a number, not inside a word ("FORM").
                    let words = TotalKeywords.normalized(line).uppercased().split(separator: " ")
                    guard words.contains(where: { $0 == symbol || ($0.hasPrefix(symbol) && $0.dropFirst(symbol.count).first?.isNumber == true) }) else { continue }
                }
                return code
            }
        }
        return nil
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
