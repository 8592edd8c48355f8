import Testing
@testable import ScanbookCore

/// One vocabulary for every stage: a word means the same in the keyword check and the sums.
@Suite struct ReceiptVocabularyTests {
    @Test(arguments: ["Total incl. GST 9.00", "TOTAL INC GST 9.00", "Total inclusive tax 9.00", "Gesamt inkl. MwSt 9.00", "Total with VAT 9.00"])
    func aTotalIncludingTaxIsATotal(line: String) {
        #expect(TotalKeywords.standard.weight(of: line) != nil, "\(line)")
    }

    @Test(arguments: ["Total GST 0.51", "GST incl. 0.51", "Total excl. GST 8.49", "MwSt inkl. 7.7% 0.64", "Rounding Adj 0.02", "Rundung 0.02"])
    func taxAndRoundingLinesAreNot(line: String) {
        #expect(TotalKeywords.standard.weight(of: line) == nil, "\(line)")
    }

    @Test(arguments: ["Total Rounded 85.10", "Total after rounding 85.10", "Rounded Total 85.10"])
    func theTotalAfterRoundingIsATotal(line: String) {
        #expect(TotalKeywords.standard.weight(of: line) != nil, "\(line)")
    }

    @Test func theSumsSkipTheTaxIncludedLineTheKeywordCheckAccepts() {
        // "Total inc GST" names the total, so it is no charge on top of the sub-total.
        let lines = ["Subtotal 9.00", "Total inc GST 9.00"]
        let witness = ReceiptExtractor.breakdownWitness(lines[...], amounts: lines.map { AmountParser.amounts(in: $0).map(\.amount) }, rounding: nil)
        #expect(witness?.totals == [900])
    }
}
