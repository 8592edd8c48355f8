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

/// German chain-store receipts (issue 25, part 5): the words of their payment and savings lines.
@Suite struct GermanReceiptTests {
    @Test func aCardPaymentWitnessesTheTotalWhenOCRDroppedADigit() {
        // "Summe 42,36" read as "2,36"; the card paid 42,36 and the VAT table adds up to it.
        let lines = [
            "Lidl", "Cola Zero 1,5L 1,39 A", "Kaffee Crema 1kg 10,39 B", "Summe 2,36", "Geg. EC-Karte 42,36",
            "MwSt-Satz Netto MwSt Brutto", "B= 7% 27,79 1,94 29,73", "A= 19% 10,61 2,02 12,63", "25.05.2024 17:41 Bon 88298",
        ]
        #expect(ReceiptExtractor().extract(lines: lines).total == Amount(minorUnits: 4236, decimals: 2))
    }

    @Test func savingsAndMoneyBackAreNotTheTotal() {
        let lines = ["Lidl", "Bio Bananen 2,19 A", "Quark 500g 1,49 A", "Summe 3,68", "Bar 5,00", "Zurück 1,32", "Preisvorteil gesamt 0,70"]
        let result = ReceiptExtractor().extract(lines: lines)
        #expect(result.total == Amount(minorUnits: 368, decimals: 2))
        #expect(result.totalEvidence == .witnessed, "cash − Zurück agrees")
    }
}
