/// Reads the paid total, the date and the merchant from a receipt's OCR lines.
public struct ReceiptExtractor: Sendable {
    public var keywords: TotalKeywords
    /// The last day the receipt can be from (the day it is read, a day ahead for time zones): a
    /// later date is an OCR slip ("2078" for "2018") and the next date on the receipt is taken.
    public var latestDate: CalendarDate?
    /// Scores every amount on the receipt as the total; see `TotalModel`.
    public var totalModel: TotalModel = .standard

    /// A total read with less confidence than this is shown as unsure, to be checked first. On the
    /// held-out half of sroie-dev (both resolutions), the model's probability below it flags 26 of
    /// 46 wrong totals and 46 of 248 right ones; the rules' own estimate flagged 24 and 57.
    public static let checkConfidence = 0.75

    public init(keywords: TotalKeywords = .standard, latestDate: CalendarDate? = nil) {
        self.keywords = keywords
        self.latestDate = latestDate
    }

    public struct Result: Equatable, Sendable {
        public var total: Amount?
        public var currency: String?
        public var date: CalendarDate?
        public var merchant: String?
        /// 0–1: how sure the total is: the total model's probability of the amount, or for a total
        /// no line prints (a sum, a rounding), the rules' estimate, at most `TotalConfidence.afterWitness`.
        public var confidence: Double
        /// Index of the line the total was read from, for learning a corrected keyword.
        public var totalLine: Int?
        /// What backs the total beyond OCR having read it.
        public var totalEvidence: TotalEvidence
        /// The receipt's amounts as the total model ranks them, most probable first.
        public var ranking: [TotalModel.Choice] = []
        /// Every amount the model ranked, with its features (for training the model).
        public var totalCandidates: [TotalCandidate] = []
        /// The bought items, and whether they add up to the sub-total or total.
        public var items: ReceiptItemList = .none
        /// The model's second choice, offered while the total is unsure.
        public var runnerUp: Amount? { ranking.first { choice in total.map { !choice.amount.sameValue(as: $0) } ?? true }?.amount }
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
        extract(lines: lines, layout: nil, words: nil)
    }

    /// With OCR's words, a doubtful total (a low word confidence) may be corrected by the
    /// receipt's own arithmetic.
    public func extract(_ ocr: OCRResult) -> Result {
        guard !ocr.lines.isEmpty else { return extract(lines: ocr.text.split(separator: "\n").map(String.init)) }
        let byLine = Dictionary(grouping: ocr.words, by: \.line)
        return extract(lines: ocr.lines.map(\.text), layout: ocr.lines, words: ocr.lines.indices.map { byLine[$0] ?? [] })
    }

    /// `layout`: OCR's lines with their boxes and confidences, when known.
    private func extract(lines rawLines: [String], layout: [OCRLine]?, words rawWords: [[OCRWord]]?) -> Result {
        let kept = rawLines.indices.filter { !rawLines[$0].trimmingWhitespace().isEmpty }
        let lines = kept.map { rawLines[$0].trimmingWhitespace() }
        let words = rawWords.map { all in kept.map { all.indices.contains($0) ? all[$0] : [] } }
        let layout = layout.map { all in
            kept.map { all.indices.contains($0) ? all[$0] : OCRLine(text: "", confidence: 0, box: PixelRect(x: 0, y: 0, width: 0, height: 0)) }
        }
        let boxes = layout?.map(\.box)
        // Every line's amounts, parsed once for all the rules below.
        let amounts = lines.map { AmountParser.amounts(in: $0).map(\.amount) }
        let reading = findTotal(lines, amounts: amounts)
        var (total, confidence, totalLine) = (reading.amount, reading.confidence, reading.line)
        var replaced = false
        let doubtful = totalLine.flatMap { line in words.map { Self.amountConfidence(on: line, words: $0) } }
            .map { ($0 ?? 100) < TotalConfidence.doubtfulWordConfidence } ?? false
        // "( 1,9" for 174.90: a total with one decimal where money has two lost its other digits,
        // so it is no better than a guess.
        let clipped = reading.origin == .keyword && total?.decimals == 1
        if let checked = totalConfirmedByArithmetic(
            total, origin: clipped ? .weakKeyword : reading.origin, doubtful: doubtful, lines: lines, amounts: amounts
        ) {
            (total, totalLine, replaced) = (checked.total, checked.line, true)
            confidence = min(confidence, TotalConfidence.afterWitness)
        }
        if let confirmed = totalConfirmedByVAT(total, line: totalLine, lines: lines, amounts: amounts) {
            (total, totalLine, replaced) = (confirmed.total, confirmed.line, true)
            confidence = min(confidence, TotalConfidence.afterWitness)
        }
        let candidates = totalCandidates(lines: lines, amounts: amounts, boxes: boxes, words: words, rulesTotal: total)
        let ranking = totalModel.ranked(candidates)
        if let total {
            let probability = ranking.first { $0.amount.sameValue(as: total) }?.probability
            confidence = probability.map { min(TotalConfidence.range.upperBound, max(TotalConfidence.range.lowerBound, $0)) }
                ?? min(confidence, TotalConfidence.afterWitness)
        }
        let witnesses = arithmeticWitnesses(lines, amounts: amounts, end: Self.summaryStart(lines), origin: reading.origin)
        let totalEvidence = evidence(for: total, line: totalLine, origin: reading.origin, replaced: replaced, witnesses: witnesses, lines: lines)
        if let total, totalEvidence != .witnessed,
           Self.oneSlipFromASum(total, witnesses) || anotherLineStatesOneSlipAway(from: total, lines: lines, amounts: amounts) {
            confidence = min(confidence, TotalConfidence.oneSlipFromASum)
        }
        if let total, let totalLine, lines.indices.contains(totalLine), Self.readThroughLeadingS(total, in: lines[totalLine]) {
            confidence = min(confidence, TotalConfidence.leadingS)
        }
        return Result(
            total: total, currency: findCurrency(lines), date: findDate(lines),
            merchant: MerchantGuess.from(lines, confidences: layout?.map(\.confidence)), confidence: confidence, totalLine: totalLine,
            totalEvidence: totalEvidence, ranking: ranking, totalCandidates: candidates, items: items(lines, total: total)
        )
    }

    /// `replaced`: the total is one a witness gave instead of the amount read, so that witness
    /// alone does not confirm it; a second one must.
    private func evidence(
        for total: Amount?, line: Int?, origin: TotalOrigin, replaced: Bool, witnesses: [ArithmeticWitness], lines: [String]
    ) -> TotalEvidence {
        guard let total else { return .none }
        // A total paid in cash may be the sum rounded to 0.05 with no rounding line printed.
        func confirms(_ sum: Int) -> Bool { sum == total.hundredths || (total.hundredths % 5 == 0 && (sum + 2) / 5 * 5 == total.hundredths) }
        // A guess read off the sub-total's line is not confirmed by the sum that starts there.
        var confirming = witnesses.filter { !$0.copiesOneLine && (line == nil || $0.startLine != line) && $0.totals.contains(where: confirms) }.count
        if let vat = Self.vatWitness(lines, keywords: keywords), vat.agrees(with: total) { confirming += 1 }
        if confirming >= (replaced ? 2 : 1) { return .witnessed }
        return origin == .keyword || origin == .cashMinusChange ? .keyword : .guess
    }

    /// "Total: S8.20" is 58.20 when the S is a misread 5 and 8.20 when it is a misread "$"; OCR
    /// makes both mistakes, so a total whose first digit was read from an S is for the user to check.
    static func readThroughLeadingS(_ total: Amount, in line: String) -> Bool {
        line.split(separator: " ").contains { word in
            let token = word.drop { $0 == ":" }
            return token.first == "S" && token.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
                && AmountParser.parse(String(token))?.sameValue(as: total) == true
        }
    }

    /// A total that one of the receipt's sums gives with one digit changed, lost or added ("91.95"
    /// under a sub-total and a VAT table of 91.05): OCR may have misread the total or the sum, and
    /// only the user can tell which. A few cents apart is rounding, not a misread digit.
    static func oneSlipFromASum(_ total: Amount, _ witnesses: [ArithmeticWitness]) -> Bool {
        let slips = oneSlipReadings(of: total.hundredths).filter { abs($0 - total.hundredths) >= 5 }
        return witnesses.contains { !$0.totals.isDisjoint(with: slips) }
    }

    /// A total one misread digit from what other lines state as the total or as paid ("TOTAL CHF
    /// 172.50" above "TWINT 172.90" and "Total-EFT CHF: 172.90"), while no more lines (its own
    /// included) state or pay the total read: OCR misread one of them, and only the user can tell
    /// which. A few cents apart is rounding, not a misread digit.
    func anotherLineStatesOneSlipAway(from total: Amount, lines: [String], amounts: [[Amount]]) -> Bool {
        let slips = Self.oneSlipReadings(of: total.hundredths).filter { abs($0 - total.hundredths) >= 5 }
        var (agreeing, disagreeing) = (0, 0)
        for index in lines.indices {
            // "TWINT 172 90": the decimal mark read as a space.
            let stated = [amounts[index].last, AmountParser.spaceForDecimalMark(in: lines[index])].compactMap { $0 }
            let agrees = stated.contains { $0.hundredths == total.hundredths }, slipped = stated.contains { slips.contains($0.hundredths) }
            guard agrees || slipped else { continue }
            let text = TotalKeywords.normalized(lines[index])
            let statesTotal = keywords.weight(of: lines[index]) != nil || TotalKeywords.containsAny(text, ReceiptVocabulary.paymentMethods)
            // Cash handed over equal to the total backs it; a different amount ("Cash 50.00" for
            // 5.00) says nothing.
            if agrees, statesTotal || TotalKeywords.containsAny(text, ReceiptVocabulary.handedOver) { agreeing += 1 }
            if !agrees, statesTotal { disagreeing += 1 }
        }
        return disagreeing > 0 && disagreeing >= agreeing
    }

    /// OCR's confidence in the rightmost amount of a line: its words holding digits, the least sure.
    static func amountConfidence(on line: Int, words: [[OCRWord]]) -> Double? {
        guard words.indices.contains(line) else { return nil }
        let numeric = words[line].filter { $0.text.contains(where: \.isNumber) }
        guard let last = numeric.last else { return nil }
        // "RM 64. 50" is two words for one amount.
        let before = numeric.dropLast().last.flatMap { $0.text.last == "." || $0.text.last == "," ? $0 : nil }
        // Where the reader tells its least sure character (PP-OCR), one doubtful digit counts,
        // not the word's mean.
        return [last.confidence, last.weakest ?? 100, before?.confidence ?? 100, before?.weakest ?? 100].min() ?? 100
    }

    // MARK: - Total

    struct Candidate {
        let amount: Amount
        let weight: Int
        let line: Int

        /// The strongest keyword's; on equal keywords the later line, which is where receipts
        /// state what is finally due.
        static func strongest(_ candidates: some Sequence<Candidate>) -> Candidate? {
            candidates.max { ($0.weight, $0.line) < ($1.weight, $1.line) }
        }
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

    /// The total in three stages: every amount beside a total keyword is a candidate; the
    /// strongest (cash and change may overrule it) is adjusted for rounding; `extract` then lets the
    /// receipt's own sums (witnesses) confirm or replace it.
    private func findTotal(_ lines: [String], amounts: [[Amount]]) -> TotalReading {
        // Tax summaries after the sale repeat "TOTAL" for tax bases and tax amounts.
        let end = Self.summaryStart(lines)
        let candidates = totalCandidates(lines, amounts: amounts, end: end)
        let paidMinusChange = cashMinusChange(lines, amounts)
        guard let best = Candidate.strongest(candidates) else {
            return readingWithoutKeyword(lines, amounts: amounts, end: end, paidMinusChange: paidMinusChange)
        }
        if let paidMinusChange, !paidMinusChange.sameValue(as: best.amount),
           let agreed = candidates.filter({ $0.amount.sameValue(as: paidMinusChange) }).max(by: { $0.weight < $1.weight }) {
            // Cash and change agree with another candidate: that one was paid.
            return TotalReading(amount: agreed.amount, confidence: TotalConfidence.agreedWithCash, line: agreed.line, origin: .keyword)
        }
        let (total, ceiling) = adjustedForRounding(best, candidates: candidates, lines: lines, amounts: amounts, end: end, paidMinusChange: paidMinusChange)
        let confidence = min(ceiling, Self.confidence(of: best, among: candidates, paidMinusChange: paidMinusChange))
        return TotalReading(
            amount: total, confidence: min(TotalConfidence.range.upperBound, max(TotalConfidence.range.lowerBound, confidence)),
            line: best.line, origin: best.weight <= 1 ? .weakKeyword : .keyword
        )
    }

    /// Stage 1: the amount on each keyword's line (rightmost), else alone on one of the next two lines.
    private func totalCandidates(_ lines: [String], amounts: [[Amount]], end: Int) -> [Candidate] {
        var candidates: [Candidate] = []
        for index in 0..<end {
            guard let weight = keywords.weight(of: lines[index]) else { continue }
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
        return candidates
    }

    /// No keyword: cash − change, else the largest amount in the lower part of the receipt (never
    /// the change given back).
    private func readingWithoutKeyword(_ lines: [String], amounts: [[Amount]], end: Int, paidMinusChange: Amount?) -> TotalReading {
        if let paidMinusChange, paidMinusChange.minorUnits > 0 {
            return TotalReading(amount: paidMinusChange, confidence: TotalConfidence.cashMinusChange, line: nil, origin: .cashMinusChange)
        }
        let lower = lines.indices.filter { index in
            index >= lines.count / 3 && index < end
                && !TotalKeywords.containsAny(TotalKeywords.normalized(lines[index]), ReceiptVocabulary.change)
        }
        let fallback = lower.flatMap { index in amounts[index].map { (amount: $0, line: index) } }.filter { $0.amount.minorUnits > 0 }
            .max { $0.amount < $1.amount }
        return TotalReading(amount: fallback?.amount, confidence: fallback == nil ? 0 : TotalConfidence.largestAmount, line: fallback?.line, origin: .largestAmount)
    }

    /// How sure the strongest keyword's amount is: its keyword, cash and change agreeing, the
    /// amount repeated, and a larger amount under a nearly as strong keyword (a partial sum?).
    private static func confidence(of best: Candidate, among candidates: [Candidate], paidMinusChange: Amount?) -> Double {
        var confidence = TotalConfidence.keywordBase + TotalConfidence.perKeywordWeight * Double(best.weight)
        if let paidMinusChange, paidMinusChange.sameValue(as: best.amount) { confidence += TotalConfidence.cashAgrees }
        if candidates.filter({ $0.amount.sameValue(as: best.amount) }).count > 1 { confidence += TotalConfidence.repeated }
        if candidates.contains(where: { $0.amount > best.amount && $0.weight >= best.weight - 1 }) { confidence -= TotalConfidence.largerCandidate }
        return confidence
    }

    /// Stage 2: the amount due after rounding to 0.05, with the confidence it can have after the change.
    private func adjustedForRounding(
        _ best: Candidate, candidates: [Candidate], lines: [String], amounts: [[Amount]], end: Int, paidMinusChange: Amount?
    ) -> (total: Amount, ceiling: Double) {
        let total = roundedIfAdjusted(best, lines: lines, amounts: amounts, paidMinusChange: paidMinusChange)
        if let paidMinusChange, !paidMinusChange.sameValue(as: total), abs(paidMinusChange.hundredths - total.hundredths) < 10,
           paidMinusChange.hundredths % 5 == 0 {
            // Cash is paid in 0.05 steps (CH, MY): a total a few cents off what cash and change
            // say is the unrounded sum or a misread digit.
            return (paidMinusChange.rescaled(to: total.decimals), TotalConfidence.afterCashRounding)
        }
        if total.hundredths % 5 != 0, let rounded = Self.roundedTotal(near: total, lines: lines[..<end]) {
            return (rounded, TotalConfidence.afterRounding)
        }
        let toFiveCents: Int = (total.hundredths + 2) / 5 * 5
        if total.hundredths % 5 != 0, let stated = candidates.first(where: { $0.amount.hundredths == toFiveCents }) {
            // The sum and, on another total line, what was paid in cash: the sum to 0.05.
            return (stated.amount, TotalConfidence.range.upperBound)
        }
        if total.hundredths % 5 != 0, TotalKeywords.containsAny(TotalKeywords.normalized(lines[best.line]), ReceiptVocabulary.roundedTotal),
           let stated = Candidate.strongest(candidates.filter {
               $0.line != best.line && $0.amount.hundredths % 5 == 0 && abs($0.amount.hundredths - total.hundredths) < 10
           }) {
            // A rounded total off the 0.05 steps was misread ("Rounded Total 109.78" below "Total
            // 109.70"): the other total line within 0.10 that is on them.
            return (stated.amount, TotalConfidence.afterRounding)
        }
        return (total, TotalConfidence.range.upperBound)
    }

}
