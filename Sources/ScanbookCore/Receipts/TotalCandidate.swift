/// Every amount printed on a receipt (before its tax summary) as a candidate for the paid total,
/// with what `TotalModel` scores it by: the words on its line and the line above, where it stands,
/// how large its text is, and whether the receipt's own sums arrive at it.
public struct TotalCandidate: Equatable, Sendable {
    public var amount: Amount
    /// Index into the receipt's non-empty lines.
    public var line: Int
    /// Named values, most of them 0 or 1; an absent name is 0.
    public var features: [String: Float]
}

extension ReceiptExtractor {
    /// `rulesTotal`: what the keyword rules read, itself one piece of evidence among the others.
    /// `amounts`: each line's amounts, as `AmountParser.amounts` reads them.
    func totalCandidates(lines: [String], amounts: [[Amount]], boxes: [PixelRect]?, words: [[OCRWord]]?, rulesTotal: Amount?) -> [TotalCandidate] {
        let end = Self.summaryStart(lines)
        // With origin `.keyword` the witnesses include what was paid (cash − change, or by card).
        let witnesses = arithmeticWitnesses(lines, amounts: amounts, end: end, origin: .keyword)
        let found = (0..<end).flatMap { index in
            amounts[index].enumerated().filter { $0.element.minorUnits > 0 }.map { (amount: $0.element, line: index, rightmost: $0.offset == amounts[index].count - 1) }
        }
        guard let largest = found.map(\.amount).max() else { return [] }
        let heights = (boxes ?? []).map(\.height).filter { $0 > 0 }.sorted()
        let typicalHeight = heights.isEmpty ? 0 : heights[heights.count / 2]
        let lineClasses = lines.map(lineClasses(of:))
        return found.map { candidate in
            let index = candidate.line, value = candidate.amount.hundredths
            var features: [String: Float] = ["bias": 1]
            for name in lineClasses[index] { features["line." + name] = 1 }
            if index > 0 {
                for name in lineClasses[index - 1] { features["above." + name] = 1 }
                if amounts[index - 1].isEmpty { features["above.label-only"] = 1 }
            }
            features["position"] = Float(index) / Float(max(1, end - 1))
            if candidate.rightmost { features["rightmost"] = 1 }
            if amounts[index].count == 1 { features["alone"] = 1 }
            features["letters"] = Float(MerchantGuess.letterShare(lines[index]))
            if candidate.amount == largest || candidate.amount.sameValue(as: largest) { features["largest"] = 1 }
            features["share-of-largest"] = Float(value) / Float(max(1, largest.hundredths))
            let copies = found.filter { $0.line != index && $0.amount.hundredths == value }.count
            features["repeated"] = Float(min(copies, 3)) / 3
            for witness in witnesses where witness.totals.contains(value) && !(witness.copiesOneLine && witness.startLine == index) {
                features["sum." + witness.source.featureName] = 1
            }
            if candidate.amount.decimals == 2 { features["two-decimals"] = 1 }
            if rulesTotal?.hundredths == value { features["rules"] = 1 }
            if typicalHeight > 0, let boxes, boxes.indices.contains(index) {
                features["height"] = min(3, Float(boxes[index].height) / Float(typicalHeight))
            }
            if candidate.rightmost, let words, let confidence = Self.amountConfidence(on: index, words: words) {
                features["ocr-confidence"] = Float(confidence / 100)
            }
            return TotalCandidate(amount: candidate.amount, line: index, features: features)
        }
    }

    /// The kinds of words on a line, by the vocabulary: a total keyword (by strength), or a line
    /// that names a part of one, tax, rounding, money handed over or back.
    func lineClasses(of line: String) -> [String] {
        let text = TotalKeywords.normalized(line)
        var classes: [String] = []
        if let weight = keywords.weight(of: line) { classes.append(weight >= 4 ? "total-strong" : weight == 3 ? "total" : "total-weak") }
        let vocabulary: [(String, [String])] = [
            ("subtotal", ReceiptVocabulary.net + ReceiptVocabulary.partial), ("tax", ReceiptVocabulary.tax),
            ("rounding", ReceiptVocabulary.rounding), ("cash", ReceiptVocabulary.handedOver),
            ("payment", ReceiptVocabulary.paymentMethods), ("change", ReceiptVocabulary.change),
            ("discount", ReceiptVocabulary.savings), ("charge", ReceiptVocabulary.charges),
        ]
        for (name, phrases) in vocabulary where TotalKeywords.containsAny(text, phrases) { classes.append(name) }
        if ReceiptVocabulary.statesTaxIncluded(text) { classes.append("tax-included") }
        if !Self.currencyCodes(on: line).isEmpty { classes.append("currency") }
        return classes
    }
}

extension ReceiptExtractor.ArithmeticWitness.Source {
    var featureName: String {
        switch self {
        case .breakdown: "breakdown"
        case .taxSummary: "tax-summary"
        case .cashAndChange: "paid-minus-change"
        case .items: "items"
        }
    }
}
