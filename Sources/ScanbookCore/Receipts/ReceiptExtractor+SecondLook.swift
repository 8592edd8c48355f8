/// A second look at the lines the total depends on. Tesseract's page layout sometimes drops the
/// amount column of a faint receipt ("TOTAL:" with nothing after it) or garbles a line; read again
/// on its own, across the page's whole width, the line often comes out whole. Only a total that
/// nothing on the receipt confirms gets the second look, and the second reading counts only when
/// its total is better backed (`TotalEvidence`) than the first.
extension ReceiptExtractor {
    /// Words of the lines worth reading again, matched inside words so that glued or punctuated
    /// OCR ("SUBTOTAL.", "TOTAL:") counts: totals, payment and change, tax, rounding, discounts.
    static let secondLookWords = ReceiptVocabulary.secondLook

    public func wantsSecondLook(_ result: Result) -> Bool { result.totalEvidence < .witnessed }

    /// Indices into `ocr.lines` of the lines to read again. Not the header's "Tax Invoice" or
    /// "GST Reg No 001734164480" (a long number and no amount), which say nothing about the total.
    public func linesForSecondLook(_ ocr: OCRResult) -> [Int] {
        // Short keywords ("tot") only as whole words: inside words they match too much ("Totes", "Stotz").
        let words = Self.secondLookWords + keywords.totals.keys.filter { $0.count >= 4 }
        let shortKeywords = keywords.totals.keys.filter { $0.count < 4 }
        // The tax summary's heading is read once: the sale ends there, however a re-reading spells it.
        let summary = Self.summaryStart(ocr.lines.map(\.text))
        return ocr.lines.indices.filter { index in
            guard index != summary else { return false }
            let text = ocr.lines[index].text.lowercased()
            guard words.contains(where: { text.contains($0) }) || TotalKeywords.containsAny(TotalKeywords.normalized(text), shortKeywords)
            else { return false }
            guard AmountParser.amounts(in: text).isEmpty else { return true }
            let longNumber = text.split(whereSeparator: { !$0.isNumber }).contains { $0.count >= 8 }
            return !longNumber && !text.contains("invoice")
        }
    }

    /// The band of the page to read a line again from: the page's full width (an amount column
    /// the first reading dropped lies outside the line's own box) and the line's height with a
    /// quarter of it above and below.
    public static func secondLookBand(around line: PixelRect, pageWidth: Int, pageHeight: Int) -> PixelRect {
        let pad = max(4, line.height / 4)
        let top = max(0, line.y - pad), bottom = min(pageHeight, line.y + line.height + pad)
        return PixelRect(x: 0, y: top, width: pageWidth, height: max(1, bottom - top))
    }

    /// The result of `ocr`, with the total of the reading whose lines were read again
    /// (`secondLook`: line index → that line's new reading) when it is better backed.
    public func extract(_ ocr: OCRResult, secondLook: [Int: OCRResult]) -> Result {
        improved(extract(ocr), of: ocr, by: secondLook)
    }

    /// `first`, this extractor's result of `ocr`, with the total of the reading whose lines were
    /// read again when it is better backed (what `extract(_:secondLook:)` gives, without
    /// extracting `ocr` once more).
    public func improved(_ first: Result, of ocr: OCRResult, by secondLook: [Int: OCRResult]) -> Result {
        var result = first
        guard !secondLook.isEmpty, wantsSecondLook(result) else { return result }
        let second = extract(ocr.replacingLines(secondLook))
        guard second.totalEvidence > result.totalEvidence else { return result }
        result.total = second.total
        result.totalLine = second.totalLine
        result.totalEvidence = second.totalEvidence
        result.confidence = second.confidence
        result.ranking = second.ranking
        result.totalCandidates = second.totalCandidates
        result.currency = result.currency ?? second.currency
        return result
    }
}
