import Testing
import ScanbookCore

@Suite struct KeywordLearningTests {
    @Test func learnsTheWordsOnTheCorrectedTotalsLine() {
        #expect(TotalKeywords.learnablePhrase(fromLine: "Endsumme EUR 12,40") == "endsumme")
        #expect(TotalKeywords.learnablePhrase(fromLine: "A PAYER CHF 7.25") == "payer")
        #expect(TotalKeywords.learnablePhrase(fromLine: "12,40") == nil)
        #expect(TotalKeywords.learnablePhrase(fromLine: "Rückgeld 2.75") == nil, "a change line is never the total")
    }

    @Test func aLearnedKeywordFindsTheTotalNextTime() {
        let lines = ["Bäckerei Huber", "Brot 4.20", "Gipfeli 3.60", "Endsumme 7,80", "Gegeben 10,00"]
        #expect(ReceiptExtractor().extract(lines: lines).total?.hundredths != 780)
        var keywords = TotalKeywords.standard
        keywords.totals["endsumme"] = TotalKeywords.learnedWeight
        #expect(ReceiptExtractor(keywords: keywords).extract(lines: lines).total?.hundredths == 780)
        #expect(TotalKeywords.line(showing: Amount(minorUnits: 780, decimals: 2), in: lines) == 3)
    }
}
