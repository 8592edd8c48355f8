import Testing
@testable import ScanbookCore

/// How well a total is backed (`TotalEvidence`), and the second look at the total's lines: which
/// lines are read again, where, and when the second reading's total wins.
@Suite struct ReceiptSecondLookTests {
    let extractor = ReceiptExtractor()

    /// OCR output for `lines`, one line per 30 px, every word 90% sure.
    func ocr(_ lines: [String]) -> OCRResult {
        let boxes = lines.indices.map { PixelRect(x: 40, y: 30 * $0, width: 300, height: 20) }
        let words = lines.enumerated().flatMap { index, line in
            line.split(separator: " ").map { OCRWord(text: String($0), confidence: 90, box: boxes[index], line: index) }
        }
        return OCRResult(text: lines.joined(separator: "\n"), meanConfidence: 90, words: words,
                         lines: zip(lines, boxes).map { OCRLine(text: $0, confidence: 90, box: $1) })
    }

    // The amount column of the sums dropped in the first reading; the guess is the largest item.
    let dropped = [
        "SUSHI HOUSE", "3 SABA SET 53.70", "1 SALMON SET 21.90", "SUBTOTAL.", "DISCOUNT", "Service Charge 10%",
        "GST 6%", "Rounding Adj", "TOTAL:", "GST Summary Amount Tax", "SR 4.56 3.27",
    ]
    // The same lines read again across the page.
    let reread: [Int: String] = [
        3: "SUBTOTAL 75.60", 4: "DISCOUNT -30.00", 5: "Service Charge 10% 4.56", 6: "GST 6% 3.27",
        7: "Rounding Adj 0.02", 8: "TOTAL: RM 53.45",
    ]

    @Test func evidenceRanksWitnessedOverKeywordOverGuess() {
        #expect(extractor.extract(lines: dropped).totalEvidence == .guess)
        #expect(extractor.extract(lines: ["SHOP", "1 Tea 4.00", "TOTAL 4.00"]).totalEvidence == .keyword)
        let witnessed = ["SHOP", "1 Tea 4.00", "TOTAL 4.00", "CASH 10.00", "CHANGE 6.00"]
        #expect(extractor.extract(lines: witnessed).totalEvidence == .witnessed)
        #expect(extractor.extract(lines: ["SHOP"]).totalEvidence == ReceiptExtractor.TotalEvidence.none)
    }

    @Test func aCashTotalRoundedToFiveCentsIsWitnessedWithoutARoundingLine() {
        // 47.80 + 2.87 + 2.86 = 53.53, paid as 53.55.
        let lines = ["CAFE", "Sub Total 47.80", "Service Tax 2.87", "GST (6%) 2.86", "Net Total : 53.55"]
        #expect(extractor.extract(lines: lines).totalEvidence == .witnessed)
        let offByMore = ["CAFE", "Sub Total 47.80", "Service Tax 2.87", "GST (6%) 2.86", "Net Total : 53.65"]
        #expect(extractor.extract(lines: offByMore).totalEvidence == .keyword)
    }

    @Test func onlyTheLinesTheTotalDependsOnAreReadAgain() {
        let lines = extractor.linesForSecondLook(ocr(dropped))
        #expect(lines == [3, 4, 5, 6, 7, 8], "glued or punctuated keywords count; items, the name and the summary's heading do not")
        // A keyword the user taught counts too.
        let taught = ReceiptExtractor(keywords: TotalKeywords(totals: ["endsumme": 5]))
        #expect(taught.linesForSecondLook(ocr(["SHOP", "ENDSUMME 9.00"])) == [1])
        // A short keyword only as a word: "TOT" is, "Totes" and "Stotz" are not.
        #expect(extractor.linesForSecondLook(ocr(["TOT .... RM 60.31", "Totes l M3.00", "Stotz Lamp 2.00"])) == [0])
        // The header's tax words without an amount are not; an amount keeps any line.
        let header = ["TAX INVOICE", "GST Reg No: 001734164480", "GST ID", "GST 6% 0.54", "Invoice total 9.00"]
        #expect(extractor.linesForSecondLook(ocr(header)) == [2, 3, 4])
        // The summary's heading is not read again: a re-reading misspelt past recognition would
        // let its "Total" rows count as the sale's total.
        #expect(extractor.linesForSecondLook(ocr(["Total 9.00", "GST Summary Amount Tax", "Total 8.49 0.51"])) == [0, 2])
    }

    @Test func theBandSpansThePageWidthWithAQuarterLineAboveAndBelow() {
        let band = ReceiptExtractor.secondLookBand(around: PixelRect(x: 300, y: 100, width: 80, height: 20), pageWidth: 1000, pageHeight: 2000)
        #expect(band == PixelRect(x: 0, y: 95, width: 1000, height: 30))
        let atTheTop = ReceiptExtractor.secondLookBand(around: PixelRect(x: 0, y: 2, width: 80, height: 40), pageWidth: 1000, pageHeight: 44)
        #expect(atTheTop == PixelRect(x: 0, y: 0, width: 1000, height: 44), "clipped to the page")
    }

    @Test func aBetterBackedSecondReadingGivesTheTotal() {
        let first = ocr(dropped)
        // The first reading's total is the tax summary's sum, a guess no second witness confirms.
        #expect(extractor.extract(first).total?.description == "7.83")
        #expect(extractor.extract(first).totalEvidence == .guess)
        let secondLook = reread.mapValues { text in ocr([text]) }
        let result = extractor.extract(first, secondLook: secondLook)
        // 75.60 − 30.00 + 4.56 + 3.27 + 0.02 = 53.45
        #expect(result.total?.description == "53.45")
        #expect(result.totalEvidence == .witnessed)
        #expect(result.totalLine == 8, "the line the total now comes from, for learning its keyword")
        #expect(result.merchant == "SUSHI HOUSE", "the rest stays from the first reading")
    }

    @Test func aSecondReadingNoBetterBackedChangesNothing() {
        let first = ocr(["SHOP", "1 Tea 4.00", "TOTAL 4.00"])
        let result = extractor.extract(first, secondLook: [2: ocr(["TOTAL 9.00"])])
        #expect(result.total?.description == "4.00")
        #expect(extractor.extract(first, secondLook: [:]) == extractor.extract(first))
    }

    @Test func aWitnessedTotalWantsNoSecondLookAndIgnoresOne() {
        let first = ocr(["SHOP", "1 Tea 4.00", "TOTAL 4.00", "CASH 10.00", "CHANGE 6.00"])
        #expect(!extractor.wantsSecondLook(extractor.extract(first)))
        #expect(extractor.wantsSecondLook(extractor.extract(ocr(["SHOP", "TOTAL 4.00"]))))
        // A second reading that happens to be witnessed too does not replace it.
        let other = ocr(["TOTAL 9.00"])
        #expect(extractor.extract(first, secondLook: [2: other]).total?.description == "4.00")
    }

    @Test func replacingLinesKeepsPlacesAndBoxes() {
        let first = ocr(["SHOP", "TOTAL:", "THANK YOU"])
        let replaced = first.replacingLines([1: ocr(["TOTAL: RM 5.00"]), 2: ocr([])])
        #expect(replaced.lines.map(\.text) == ["SHOP", "TOTAL: RM 5.00", "THANK YOU"], "an empty re-read leaves the line")
        #expect(replaced.lines[1].box == first.lines[1].box)
        #expect(replaced.words.filter { $0.line == 1 }.map(\.text) == ["TOTAL:", "RM", "5.00"])
        #expect(replaced.text == "SHOP\nTOTAL: RM 5.00\nTHANK YOU")
    }

    @Test func aReadingOfACutOutPartMovesToPageCoordinates() {
        let part = ocr(["TOTAL 5.00"]).offset(by: PixelRect(x: 0, y: 500, width: 1000, height: 30))
        #expect(part.words.allSatisfy { $0.box.y == 500 && $0.box.x == 40 })
        #expect(part.lines[0].box.y == 500)
    }
}
