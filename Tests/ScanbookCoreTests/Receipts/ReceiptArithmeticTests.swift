import Testing
@testable import ScanbookCore

/// The receipt's own sums (sub-total + tax ± rounding, the tax summary, cash − change) as
/// witnesses of a total OCR misread.
@Suite struct ReceiptArithmeticTests {
    let extractor = ReceiptExtractor()

    /// OCR output for `lines`, every word with `confidence` except those listed in `doubtful`.
    func ocr(_ lines: [String], confidence: Double = 95, doubtful: [String: Double] = [:]) -> OCRResult {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let words = lines.enumerated().flatMap { index, line in
            line.split(separator: " ").map { word in
                OCRWord(text: String(word), confidence: doubtful[String(word)] ?? confidence, box: box, line: index)
            }
        }
        return OCRResult(text: lines.joined(separator: "\n"), meanConfidence: confidence, words: words,
                         lines: lines.map { OCRLine(text: $0, confidence: confidence, box: box) })
    }

    @Test func breakdownAndTaxSummaryAgreeingReplaceAGuessedTotal() {
        // The total line is unreadable, so the largest amount (the cash) was the only guess.
        let lines = [
            "STATIONERY SHOP", "LAMINATING FILM 1 26.00", "SUB-TOTAL (EX) 26.00", "TOTAL TAX 1.56", "ROUNDING -0.01",
            "TOTAL I ses", "CASH 50.00", "GST SUMMARY", "TAX CODE % AMOUNT TAX", "SR 6.00 26.00 1.56",
        ]
        let result = extractor.extract(lines: lines)
        #expect(result.total?.description == "27.55")
        #expect(result.confidence <= 0.7)
    }

    @Test func aDoubtfulTotalOneDigitOffTheBreakdownIsCorrected() {
        // 51.42 + 3.08 = 54.50; OCR read the total as 64.50 and lost the sub-total's decimal mark.
        let lines = [
            "CHICKEN RICE SHOP", "Total Sales (Excluding GST) : 5142", "TotalGST : 3.08", "Rounding : 0.00",
            "Total Sales (Inclusive of GST) 64.50",
        ]
        #expect(extractor.extract(ocr(lines, doubtful: ["64.50": 66])).total?.description == "54.50")
        #expect(extractor.extract(ocr(lines)).total?.description == "64.50", "a confident total stands")
        #expect(extractor.extract(lines: lines).total?.description == "64.50", "without confidences nothing is doubtful")
        // PP-OCR's words are read well on average; one weak character (the 6 at 52 %) is the doubt.
        var weakDigit = ocr(lines)
        for index in weakDigit.words.indices where weakDigit.words[index].text == "64.50" { weakDigit.words[index].weakest = 52 }
        #expect(extractor.extract(weakDigit).total?.description == "54.50")
    }

    @Test func aConfidentTotalOneDigitOffTheSumsStandsButIsFlagged() {
        // 51.42 + 3.08 = 54.50, read with certainty as 64.50: OCR misread the total or a sum.
        let sums = ["CHICKEN RICE SHOP", "Total Sales (Excluding GST) : 51.42", "TotalGST : 3.08", "Rounding : 0.00"]
        let misread = extractor.extract(ocr(sums + ["Total Sales (Inclusive of GST) 64.50"]))
        #expect(misread.total?.description == "64.50")
        #expect(misread.confidence < ReceiptExtractor.checkConfidence)
        let read = extractor.extract(ocr(sums + ["Total Sales (Inclusive of GST) 54.50"]))
        #expect(read.total?.description == "54.50")
        #expect(read.confidence >= ReceiptExtractor.checkConfidence)
    }

    @Test func aTotalOneDigitFromWhatThePaymentLinesStateIsFlagged() {
        // The payment and the card slip say 172.90: OCR read a 9 as a 5 in the total, or misread
        // both of them the same way; the user is asked which.
        let items = ["Coop City", "Kaffee Bohnen 57.90", "Blumenstrauss 14.90", "Rotwein Merlot 11.60"]
        let paid = ["Posten: 3", "TWINT 172 90", "Total-EFT CHF: 172.90", "Transaktion OK"]
        let misread = extractor.extract(ocr(items + ["TOTAL CHF 172.50"] + paid))
        #expect(misread.total?.description == "172.50")
        #expect(misread.confidence < ReceiptExtractor.checkConfidence)
        let read = extractor.extract(ocr(items + ["TOTAL CHF 172.90"] + paid))
        #expect(read.total?.description == "172.90")
        #expect(read.confidence >= ReceiptExtractor.checkConfidence)
        func slipAway(_ total: Amount, _ lines: [String]) -> Bool {
            extractor.anotherLineStatesOneSlipAway(from: total, lines: lines, amounts: lines.map { AmountParser.amounts(in: $0).map(\.amount) })
        }
        // Cash rounding is a few cents, not a misread digit; an item's price is no statement of the total.
        let unrounded = Amount(minorUnits: 17292, decimals: 2)
        #expect(!slipAway(unrounded, items + ["TOTAL CHF 172.92", "TWINT 172.90"]))
        #expect(!slipAway(Amount(minorUnits: 1790, decimals: 2), items + ["TOTAL CHF 17.90"]))
        // More lines state or pay the total read than the other amount: that one was misread ("S8.20": 58.20?).
        let outvoted = ["Total Amount: $8.20", "GST @6%: $0.46", "Nett Total: S8.20", "CASH $8.20"]
        #expect(!slipAway(Amount(minorUnits: 820, decimals: 2), outvoted))
        #expect(slipAway(Amount(minorUnits: 820, decimals: 2), ["Total Amount: $8.20", "Nett Total: S8.20"]), "one against one")
    }

    @Test func aTotalWhoseFirstDigitWasAnSIsFlagged() {
        // "S8.20": a 5 or a "$" misread; the reading stands (58.20), but the user is asked.
        let receipt = ["RICE SHOP", "Meat + 3 Vege 52.20", "Vegetable 6.00", "Sub Total 58.20"]
        let plain = extractor.extract(ocr(receipt + ["Nett Total: 58.20", "Cash 60.00", "Change 1.80"]))
        #expect(plain.total?.description == "58.20")
        #expect(plain.confidence >= ReceiptExtractor.checkConfidence)
        let ambiguous = extractor.extract(ocr(receipt + ["Nett Total: S8.20", "Cash 60.00", "Change 1.80"]))
        #expect(ambiguous.total?.description == "58.20")
        #expect(ambiguous.confidence < ReceiptExtractor.checkConfidence)
        #expect(ReceiptExtractor.readThroughLeadingS(Amount(minorUnits: 5820, decimals: 2), in: "Nett Total: S8.20"))
        #expect(!ReceiptExtractor.readThroughLeadingS(Amount(minorUnits: 820, decimals: 2), in: "Nett Total: $8.20"))
        #expect(!ReceiptExtractor.readThroughLeadingS(Amount(minorUnits: 5820, decimals: 2), in: "SUMME 58.20"), "an S word beside it is no digit")
    }

    @Test func aTaxTotalUnderTheTaxLinesIsNotAddedTwice() {
        func breakdown(_ lines: [String]) -> Set<Int>? {
            ReceiptExtractor.breakdownWitness(lines[...], amounts: lines.map { AmountParser.amounts(in: $0).map(\.amount) }, rounding: nil)?.totals
        }
        #expect(breakdown(["SUB-TOTAL 6.60", "GST 0.40", "ROUNDING 0.00", "TOTAL 7.00", "TAX TOTAL: 0.40"]) == [660, 700])
        #expect(breakdown(["SUB-TOTAL 6.60", "ROUNDING 0.00", "TOTAL 7.00", "TAX TOTAL: 0.40"]) == [660, 700], "the only tax line")
        #expect(breakdown(["SUB-TOTAL 10.00", "VAT 8.1% 0.40", "VAT 2.6% 0.40", "TOTAL 10.80"]) == [1000, 1080], "two rates, equal tax")
    }

    @Test func cashAndChangeCorrectOnlyADoubtfulTotal() {
        let lines = ["HARDWARE", "Total Sales (Inclusive of GST) : 100.00", "CASH : 101.00", "Change : 0.10"]
        #expect(extractor.extract(ocr(lines, doubtful: ["100.00": 70])).total?.description == "100.90")
        #expect(extractor.extract(ocr(lines)).total?.description == "100.00")
    }

    @Test func aFewCentsApartIsRoundingNotAMisread() {
        let lines = ["SHOP", "Total RM Incl. of GST 14.65", "GST Summary Amount Tax", "T @ 6% 13.81 0.83"]
        #expect(extractor.extract(ocr(lines, doubtful: ["14.65": 50])).total?.description == "14.65")
    }

    @Test func theTaxSummaryBeatsTheLargestAmountWhenNoKeywordIsRead() {
        let lines = ["NOODLE HOUSE", "1 x Noodles 9.10", "Paid 40.35", "GST Summary Amount Tax", "SR @6% 9.10 0.55"]
        #expect(extractor.extract(lines: lines).total?.description == "9.65")
        // Printed twice (as the item and as the card payment), the largest amount is the total.
        let twice = ["BAKERY", "1 x Cake 63.80", "Master Card 63.80", "GST Summary % Amount Tax", "SR 6.00 80.18 3.61"]
        #expect(extractor.extract(lines: twice).total?.description == "63.80")
    }

    @Test func aColumnHeadersAmountIsNoBetterThanAGuess() {
        // "AMOUNT" heads the item column; the total line's amount is lost.
        let lines = ["STATIONERY", "ITEM QTY AMOUNT", "TAPE 5 1.32 6.60", "GLUE 1 10.38", "TOTAL N", "GST SUMMARY", "SR 6.00 16.98 1.02"]
        #expect(extractor.extract(lines: lines).total?.description == "18.00")
    }

    @Test func witnessesAreFoundThroughGluedLabels() {
        #expect(ReceiptExtractor.summaryStart(["A", "TOTAL 1.00", "GSTSummary Amount", "S 1.00 0.06"]) == 2)
        #expect(ReceiptExtractor.glueSplit("TotalGST : 1.65") == "total gst 1 65")
        let witness = ReceiptExtractor.breakdownWitness(
            ["Subtotal 10.00", "TotalGST : 0.60", "Discount 1.00", "Cash 20.00"][...],
            amounts: ["Subtotal 10.00", "TotalGST : 0.60", "Discount 1.00", "Cash 20.00"].map { AmountParser.amounts(in: $0).map(\.amount) },
            rounding: nil
        )
        #expect(witness?.totals == [900, 960], "tax included or added; the discount taken off; cash is no charge")
    }

    @Test func whatWasHandedOverIsTheLargestPaymentLineWhateverItsSign() {
        #expect(extractor.extract(lines: ["KIOSK", "Item 5.75", "Cash -50.00", "CHANGE 44.25"]).total?.description == "5.75")
        // "Cash 8.60" names the payment method with the total; 10.00 was handed over.
        #expect(extractor.extract(lines: ["TEA SHOP", "Pearl Tea 8.60", "Cash 8.60", "Tendered 10.00", "Change 1.40"]).total?.description == "8.60")
    }

    @Test func ocrSlipsInTheSumsAreRepaired() {
        #expect(AmountParser.amounts(in: "Total M1.00").map(\.amount.hundredths) == [100], "RM with its R lost")
        // The zero-rated row's tax lost its decimal mark: 141.50 + 0.00.
        let lines = ["SPEED MART", "Total Sales (Inclusive GST) RM 141.58", "GST Summary Amount Tax", "Z 141.50 00"]
        #expect(extractor.extract(ocr(lines, doubtful: ["141.58": 60])).total?.description == "141.50")
    }

    @Test func aTaxSummaryWithoutAHeadingStartsAtItsColumnTitles() {
        // The total's lines were lost; the summary's net + tax is a better guess than its net alone.
        let lines = ["MART", "ENVELOPE 5.20", "GLUE 2.50", "GST Rate Amt Excl GST(RM) Tax(RM)", "S = 6% 20.19 1.21", "Z = 0% 0.00 0.00"]
        #expect(ReceiptExtractor.summaryStart(lines) == 3)
        #expect(extractor.extract(lines: lines).total?.description == "21.40")
        // An item table's titles: the row below has no rate.
        let items = ["SHOP", "Item Qty Price Amount Tax Code", "GLUE 2 1.20 2.40 SR", "TOTAL 2.40"]
        #expect(ReceiptExtractor.summaryStart(items) == items.count)
    }

    @Test func taxOnAServiceChargeIsChargedOnItsGrossNotAddedToIt() {
        let rows = ["Tax Summary Amount Tax", "SVC SERVICE CHARGE 10% 150.00 15.00", "SR GST 6% 165.00 9.90"]
        let chained = ReceiptExtractor.taxSummaryWitness(rows[...], amounts: rows.map { AmountParser.amounts(in: $0).map(\.amount) }, rounding: nil)
        #expect(chained?.totals == [17490])
        // Two rates on different goods add up.
        let rates = ["GST Summary Amount Tax", "SR 6% 20.00 1.20", "ZR 0% 5.00 0.00"]
        let added = ReceiptExtractor.taxSummaryWitness(rates[...], amounts: rates.map { AmountParser.amounts(in: $0).map(\.amount) }, rounding: nil)
        #expect(added?.totals == [2620])
    }

    @Test func aTotalWithOneDecimalLostItsDigitsAndGivesWayToTheTaxSummary() {
        let lines = ["BISTRO", "GUINNESS 150.00", "NET TOTAL ( 1,9", "CHANGE 25.10", "Tax Summary Amount Tax", "SR GST 6% 165.00 9,90"]
        #expect(extractor.extract(lines: lines).total?.description == "174.90")
        let clean = ["BISTRO", "GUINNESS 150.00", "NET TOTAL 1.90", "Tax Summary Amount Tax", "SR GST 6% 165.00 9,90"]
        #expect(extractor.extract(lines: clean).total?.description == "1.90", "two decimals: read as printed")
    }

    @Test func aGuessReadOffTheSubTotalDoesNotConfirmItself() {
        // The total line is garbled; 4.60 is the largest amount, the sub-total's own line.
        let guessed = extractor.extract(lines: [
            "HARDWARE", "(RM) (RM)", "TOTAL QUANTITY 2", "SUB-TOTAL 4.60", "GaT 0.40", "ROUNDING 0.00", "r a z aL See ee", "TAX TOTAL: 0.49",
        ])
        #expect(guessed.total?.description == "4.60")
        #expect(guessed.totalEvidence == .guess)
        let stated = extractor.extract(lines: ["SUB-TOTAL 4.60", "TAX 0.40", "TOTAL 5.00"])
        #expect(stated.totalEvidence == .witnessed)
    }

    @Test func theItemsAndWhatWasPaidAgreeingCorrectTheTotal() {
        // "6.00" read as 6.80: the items and cash − change both say 6.00.
        let lines = ["KEDAI KOPI", "KOPI O 2.20", "ROTI BAKAR 3.80", "TOTAL 6.80", "CASH 10.00", "CHANGE 4.00"]
        #expect(extractor.extract(lines: lines).total?.description == "6.00")
        // A quantity's unit price is not an item of its own: the line total below it is.
        let priced = ["KEDAI KOPI", "2 @ 3.50", "TEH TARIK 7.00", "ROTI 3.00", "TOTAL 18.00", "CASH 20.00", "CHANGE 10.00"]
        #expect(extractor.extract(lines: priced).total?.description == "10.00")
    }

    @Test func itemsAddingUpToTheSubTotalAreNoWitnessWhenChargesAreAddedBelowIt() {
        // "16.50" read as 18.50. The sub-total with its service charge and cash − change agree on
        // 16.50; the items' 15.00 (the sub-total again) must not stand against them.
        let lines = ["ITEM A 10.00", "ITEM B 5.00", "SUBTOTAL 15.00", "SERVICE CHARGE 1.50", "TOTAL 18.50", "CASH 20.00", "CHANGE 3.50"]
        #expect(extractor.extract(lines: lines).total?.description == "16.50")
    }

    @Test func oneSlipReadingsChangeLoseOrAddOneDigit() {
        let readings = ReceiptExtractor.oneSlipReadings(of: 6450)
        #expect(readings.contains(5450) && readings.contains(645) && readings.contains(64550))
        #expect(!readings.contains(6450) && !readings.contains(5440))
    }
}
