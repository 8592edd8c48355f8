@testable import ScanbookCore
import Testing

/// The receipt words come from one data file per language, merged by concept.
@Suite struct ReceiptLexiconTests {
    @Test func everyLanguageFileIsReadIntoTheStandardLexicon() {
        let lexicon = ReceiptLexicon.standard
        // One word each language's file alone holds.
        #expect(lexicon["total"].contains("grand total"))
        #expect(lexicon["total"].contains("zu zahlen"))
        #expect(lexicon["total"].contains("net à payer"))
        #expect(lexicon["total"].contains("da pagare"))
        #expect(lexicon["total"].contains("jumlah"))
        #expect(lexicon.weights["zu zahlen"] == 5 && lexicon.weights["amount"] == 1)
        #expect(TotalKeywords.defaultTotals == lexicon.weights)
    }

    @Test func aConceptNamedInSeveralFilesIsMergedWithoutRepeats() throws {
        let lexicon = try ReceiptLexicon(["[change]\nchange\n# comment\n\n[tax]\nvat\n", "[change]\nRückgeld\nchange\n"])
        #expect(lexicon["change"] == ["change", "rückgeld"])
        #expect(lexicon["tax"] == ["vat"])
        #expect(lexicon["unknown"].isEmpty)
    }

    @Test func aBrokenFileIsRefusedWithItsLine() {
        #expect(throws: ReceiptLexicon.FormatError(file: 0, line: 1, reason: "a phrase before any [section]")) {
            try ReceiptLexicon(["total"])
        }
        #expect(throws: ReceiptLexicon.FormatError(file: 1, line: 2, reason: "weights 1–9, only under [total]")) {
            try ReceiptLexicon(["[total]\ntotal = 3", "[change]\nchange = 2"])
        }
        #expect(throws: ReceiptLexicon.FormatError.self) { try ReceiptLexicon(["[total]\ntotal = many"]) }
        #expect(throws: ReceiptLexicon.FormatError.self) { try ReceiptLexicon(["[total\ntotal"]) }
    }

    @Test func frenchAndItalianTotalsAreRead() {
        let french = ReceiptExtractor().extract(lines: ["Boulangerie du Lac SA", "Pain 4.20", "Croissant 2.80", "Sous total 7.00", "Net à payer 7.00", "Espèces 10.00", "Rendu 3.00"])
        #expect(french.total == Amount(minorUnits: 700, decimals: 2))
        let italian = ReceiptExtractor().extract(lines: ["Panetteria Lago Sagl", "Pane 4.20", "Cornetto 2.80", "IVA 2.6% 0.18", "Totale 7.00", "Contanti 10.00", "Resto 3.00"])
        #expect(italian.total == Amount(minorUnits: 700, decimals: 2))
        #expect(italian.merchant == "Panetteria Lago Sagl")
    }
}
