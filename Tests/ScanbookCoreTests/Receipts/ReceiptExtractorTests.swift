import Testing
import ScanbookCore

@Suite struct ReceiptExtractorTests {
    let extractor = ReceiptExtractor()

    @Test func takesTheTotalLineNotSubtotalOrTax() {
        let result = extractor.extract(lines: [
            "BOOK TA.K (TAMAN DAYA) SDN BHD", "25/12/2018 10:12", "PEN 2 x 4.00 8.00",
            "SUB TOTAL 8.49", "GST 6% 0.51", "TOTAL 9.00", "CASH 10.00", "CHANGE 1.00",
        ])
        #expect(result.total?.description == "9.00")
        #expect(result.date?.description == "2018-12-25")
        #expect(result.merchant == "BOOK TA.K (TAMAN DAYA) SDN BHD")
        #expect(result.confidence > 0.8, "cash minus change agrees")
    }

    @Test func barMinusRueckgeldGivesThePaidTotal() {
        let result = extractor.extract(lines: ["Bäckerei Muster AG", "Gipfeli 2.50", "Brot 4.75", "Bar 10.00", "Rückgeld 2.75"])
        #expect(result.total?.hundredths == 725)
        #expect(result.merchant == "Bäckerei Muster AG")
    }

    @Test func germanDecimalCommaAndMwSt() {
        let result = extractor.extract(lines: ["REWE Markt GmbH", "Milch 1,19", "Käse 3,49", "Summe EUR 4,68", "MwSt 7% 0,31", "Datum 07.01.2024"])
        #expect(result.total == Amount(minorUnits: 468, decimals: 2))
        #expect(result.currency == "EUR")
        #expect(result.date?.description == "2024-01-07")
    }

    @Test func roundedTotalBeatsPlainTotal() {
        let result = extractor.extract(lines: ["TOTAL 9.02", "ROUNDING -0.02", "ROUNDED TOTAL 9.00"])
        #expect(result.total?.description == "9.00")
    }

    @Test func amountBelowItsKeyword() {
        let result = extractor.extract(lines: ["Migros", "Total CHF", "23.85", "Visa 23.85"])
        #expect(result.total?.description == "23.85")
        #expect(result.currency == "CHF")
    }

    @Test func withoutKeywordsTheLargestLowerAmountIsAGuess() {
        let result = extractor.extract(lines: ["Kiosk", "Zeitung 3.50", "Kaffee 4.20", "7.70"])
        #expect(result.total?.description == "7.70")
        #expect(result.confidence < 0.5)
    }

    @Test func totalReadOneLetterOffIsStillTheTotal() {
        let lines = ["ITEM 1 200.00", "ITEM 2 167.10", "iotal sales (Incl. GST 6%) RM367.10", "Voucher balance 500.00"]
        #expect(extractor.extract(lines: lines).total?.description == "367.10")
        #expect(extractor.extract(lines: ["SUBTOTAL 9.00", "fotal RM 5 00", "metal tools 7.00"]).total?.description == "5.00")
    }

    @Test func aRoundedTotalOffTheFiveCentStepsWasMisread() {
        let lines = ["Total Inclusive GST 6% : 109.70", "Rounding Adjustment: 0.00", "Rounded Total(RM): (109.78)"]
        #expect(extractor.extract(lines: lines).total?.description == "109.70")
        // A plain total off the steps is what the receipt asks for (no rounding there).
        #expect(extractor.extract(lines: ["Summe 109.70", "Total EUR 109.78"]).total?.description == "109.78")
    }

    @Test func roundingAdjustmentAfterTheTotalIsApplied() {
        let result = extractor.extract(lines: ["TOTAL RM 60.31", "ROUNDING ADJ -0.01", "Thank you"])
        #expect(result.total?.description == "60.30")
    }

    @Test(arguments: [
        (["Total (Inclusive of GST): 23.26", "Rounding -0.0]"], "23.25"),  // the adjustment's last digit lost
        (["Total (Inclusive of GST): 23.26", "Rounding 0.00"], "23.26"),  // a clean zero: nothing was rounded
    ])
    func anUnreadableRoundingLineStillMeansTheTotalWasRounded(lines: [String], total: String) {
        #expect(extractor.extract(lines: lines).total?.description == total)
    }

    @Test func anotherTotalLineStatingTheSumToFiveCentsWasPaid() {
        #expect(extractor.extract(lines: ["Total 102.40", "Pineapple juice 9.90", "Subtotal 87.90", "Total: 102.39"]).total?.description == "102.40")
        #expect(extractor.extract(lines: ["Total 102.30", "Subtotal 87.90", "Total: 102.39"]).total?.description == "102.39")
    }

    @Test func aChangeOfZeroWithItsDecimalPointLost() {
        let result = extractor.extract(lines: ["CASH RM 11.40", "CHANGE RM 00", "Total Sales (Inclusive GST) RM 11.46"])
        #expect(result.total?.description == "11.40", "cash − change, paid in 0.05 steps")
        // "10" is not a zero: no change is known, the total line stands.
        #expect(extractor.extract(lines: ["CASH RM 11.40", "CHANGE RM 10", "Total Sales (Inclusive GST) RM 11.46"]).total?.description == "11.46")
    }

    @Test func payableIsATotalKeyword() {
        #expect(extractor.extract(lines: ["Fotel Amt Payable : 7.40", "Paid Amount: 10.85", "Change : 2.60"]).total?.description == "7.40")
        #expect(extractor.extract(lines: ["GST payable (6%): 1.31", "Total 23.25"]).total?.description == "23.25")
    }

    @Test func dueIsTheAmountToPayNotTheTaxItIncludes() {
        let lines = ["Qty 5 25.15", "Rounding Adj 0.00", "Due 25.15", "Pay 30.00", "Change 4.85", "(Total Included GST @ 6% : 1.42)"]
        #expect(extractor.extract(lines: lines).total?.description == "25.15")
    }

    @Test func amountToBePaidIsWhatIsDueNotMoneyHandedOver() {
        // The rounding line is unreadable; what is to be paid is the total rounded.
        let lines = ["Total: 25.44", "Rounding Adjustment: 801", "Amount To Be Paid : 25.45", "Cash Received : 25.50"]
        #expect(extractor.extract(lines: lines).total?.description == "25.45")
    }

    @Test func payIsMoneyHandedOverButTotalToPayIsTheTotal() {
        #expect(extractor.extract(lines: ["Qty 8 17.20", "fue 19.20", "Pay 20,00", "Change 0.80"]).total?.description == "19.20")
        // Were "to pay" money handed over, 19.00 − 1.00 would agree with "Betrag 18.00".
        let lines = ["Betrag 18.00", "Service 1.00", "Total to pay 19.00", "Voucher 10.00", "Cash 10.00", "Change 1.00"]
        #expect(extractor.extract(lines: lines).total?.description == "19.00")
    }

    @Test func aGuessedTotalIsNeverTheChangeGivenBack() {
        let lines = ["SALTED RICE 8.50", "ICE TEA 4.30", "SUBTOTAL 28.70", "RM CA 100.005", "CHANGE 71.30"]
        #expect(extractor.extract(lines: lines).total?.description == "28.70")
    }

    @Test func aTotalWhoseDecimalMarkWasReadAsASpace() {
        #expect(extractor.extract(lines: ["Total Sales Incl GST @ 6% RM8 60", "Cash 8.60", "Tendered 900", "Change 0.40"]).total?.description == "8.60")
        #expect(AmountParser.spaceForDecimalMark(in: "Total RM8 60") == Amount(minorUnits: 860, decimals: 2))
        #expect(AmountParser.spaceForDecimalMark(in: "Total 8 600") == nil)
        // A clean reading under an equal keyword beats the repaired one.
        #expect(extractor.extract(lines: ["Total with GST 6% 41.48", "Rounding 0.02", "Total 41 56"]).total?.description == "41.50")
    }

    @Test func aStrayDigitAfterTheCentsIsDropped() {
        #expect(extractor.extract(lines: ["SUB-TOTAL 6.40", "GST 0.40", "TOTAL 7.0o2"]).total?.description == "7.00")
        #expect(AmountParser.strayDigit(in: "TOTAL 48.004") == Amount(minorUnits: 4800, decimals: 2))
        #expect(AmountParser.strayDigit(in: "Summe 1.234,50") == nil, "a grouped amount is read as it is")
        #expect(AmountParser.strayDigit(in: "Total 7.00%") == nil)
        // A clean reading under an equal keyword beats the repaired one.
        #expect(extractor.extract(lines: ["Total 6.80", "Total 7.002"]).total?.description == "6.80")
    }

    @Test func aRateIsNotMoney() {
        #expect(AmountParser.amounts(in: "GST(Included) 6.00% RM0.17").map(\.amount.hundredths) == [17])
        #expect(AmountParser.amounts(in: "MwSt 7,7 % 1,43").map(\.amount.hundredths) == [143])
        // No keyword read: the largest amount, which is not the rate.
        #expect(extractor.extract(lines: ["Parking Fee", "GST(Included) 8.00% RM0.17", "Totes M3.00"]).total?.description == "3.00")
    }

    @Test func totIsShortForTotal() {
        #expect(extractor.extract(lines: ["LAMP 55.90", "TOT ........ RM 60.31", "ROUNDING ADJ -0.01", "CAR ...... RM 70.30"]).total?.description == "60.30")
        // A word only starting with "tot" is no keyword: the largest amount is a guess.
        #expect(extractor.extract(lines: ["TOTO 4D 12.00", "TICKET 2.00"]).totalEvidence == .guess)
    }

    @Test func aMisspeltSummaryHeadingStillEndsTheSale() {
        let result = extractor.extract(lines: ["Total After Adj Incl GST 42.50", "CASH 50.00", "GST Sumaary Amount Tax", "Total 42.47 0.01"])
        #expect(result.total?.description == "42.50")
    }

    @Test func taxSummaryTotalsAreNotTheTotal() {
        let result = extractor.extract(lines: ["TOTAL 27.55", "GST SUMMARY", "TAX CODE AMOUNT TAX", "TOTAL: 26.00 1.56"])
        #expect(result.total?.description == "27.55")
    }

    @Test func equalKeywordsPreferTheLaterLine() {
        let result = extractor.extract(lines: ["Total Amount: 8.63", "GST @6%: 0.43", "Nett Total: 8.20"])
        #expect(result.total?.description == "8.20")
    }

    @Test func aCashLineBelowAnEmptyTotalIsNotTheTotal() {
        let result = extractor.extract(lines: ["Total Amount:", "Cash Received: 101.00", "Change : 70.00"])
        #expect(result.total?.description == "31.00", "cash minus change")
    }

    @Test func aLowerCaseNoteAboveThePrintedNameIsSkipped() {
        #expect(extractor.extract(lines: ["tan woon yann", "INDAH GIFT & HOME DECO", "27,JALAN DEDAP 13,"]).merchant == "INDAH GIFT & HOME DECO")
        #expect(extractor.extract(lines: ["dm-drogerie markt", "Hauptstrasse 93", "9395 Zürich"]).merchant == "dm-drogerie markt")
    }

    @Test(arguments: [
        (["POPULAR BOOK", "CO. (M) SDN BHD", "No 8, Jalan 7/118B"], "POPULAR BOOK CO. (M) SDN BHD"),  // a wrapped name
        (["TRI SHAAS SDN BHD (728515-M)", "Lot 1"], "TRI SHAAS SDN BHD"),  // registration number
        (["KING'S CONFECTIONERY S/B 273500-U (KSB)", "NO.41, JALAN SERI"], "KING'S CONFECTIONERY S/B"),  // and what follows it
        (["Dimiliki: banh mi cafe sdn bhd 1110644-W", "Jalan Ampang"], "banh mi cafe sdn bhd"),  // "owned by"
        (["IKANO HANDEL SON BHD", "Mont Kiara"], "IKANO HANDEL SDN BHD"),  // D read as O
        (["HOME MASTER HARDWARE &", "ELECTRICAL", "No 12, Jalan Mas"], "HOME MASTER HARDWARE & ELECTRICAL"),  // left open
        (["Company Reg No. :75495-W", "GL HANDICRAFT & TAILORING"], "GL HANDICRAFT & TAILORING"),  // not a name
    ])
    func companyNamesAreTakenWholeAndCleaned(_ lines: [String], _ name: String) {
        #expect(extractor.extract(lines: lines).merchant == name)
    }

    @Test(arguments: [
        (["Gesamt CHF 1883,09", "MwSt 8.1% inkl. 14,09", "Maestro 188,09"], "188.09"),  // a digit doubled
        (["Zu zahlen EUR 18,23", "MwSt 7.0% inkl. 5,12", "Bar 80,00"], "78.23"),  // a digit misread
        (["Zu zahlen EUR 78,23", "MwSt 7.0% inkl. 512", "Bar 80,00"], "78.23"),  // the VAT's decimal mark lost: no harm
        (["Kaffee 30.84", "Summe CHF 152228", "MwSt 8.1% inkl. 11.41"], "152.28"),  // the total's decimal mark read as a 2
    ])
    func theVATLineRepairsATotalOCRGotWrong(lines: [String], total: String) {
        #expect(extractor.extract(lines: lines).total?.description == total)
    }

    @Test func aTotalTheVATLineRepairsPointsAtTheLineItCameFrom() {
        // So that correcting it later teaches "Summe", not the cash line's keyword.
        let lostMark = extractor.extract(lines: ["Bar CHF 200.00", "Summe CHF 152228", "MwSt 8.1% inkl. 11.41"])
        #expect(lostMark.total?.description == "152.28")
        #expect(lostMark.totalLine == 1)
        let doubled = extractor.extract(lines: ["Gesamt CHF 1883,09", "MwSt 8.1% inkl. 14,09", "Maestro 188,09"])
        #expect(doubled.totalLine == 0)
    }

    @Test func theVATLineDoesNotSecondGuessWhatItCannotConfirm() {
        // VAT rounded per line: 5.64 implies 99.64, within 10% of the printed 99.80.
        #expect(extractor.extract(lines: ["TOTAL 99.80", "GST 6% 99.80 5.64"]).total?.description == "99.80")
        // Two rates: each VAT line covers only part of the total.
        #expect(extractor.extract(lines: ["Summe 1883,09", "MwSt 7% 5,00", "MwSt 19% 10,00"]).total?.description == "1883.09")
        // A misread VAT line implying more than any amount on the receipt.
        #expect(extractor.extract(lines: ["TOTAL 102.39", "GST 6% 96.59 96.33"]).total?.description == "102.39")
        // "Total incl. GST 6% 40.00" states the total, it is not a VAT line.
        #expect(extractor.extract(lines: ["Total incl. GST 6% 40.00"]).total?.description == "40.00")
    }

    @Test func nothingFoundGivesNils() {
        let result = extractor.extract(lines: ["Danke für Ihren Einkauf"])
        #expect(result.total == nil && result.date == nil)
    }
}
