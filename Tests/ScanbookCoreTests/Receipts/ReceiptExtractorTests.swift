import Testing
import ScanbookCore

@Suite struct AmountParserTests {
    @Test(arguments: [
        ("9.00", 900, 2), ("12,50", 1250, 2), ("1,234.50", 123450, 2), ("1.234,50", 123450, 2),
        ("1'234.50", 123450, 2), ("-0.02", -2, 2), ("9.O0", 900, 2), ("l2.5O", 1250, 2), ("7.5", 75, 1),
    ])
    func parsesPrintedAndDamagedAmounts(_ text: String, _ minor: Int, _ decimals: Int) {
        #expect(AmountParser.parse(text) == Amount(minorUnits: minor, decimals: decimals))
    }

    @Test(arguments: ["12", "1.234", "1,23,4.00", "abc", "12.345", ""])
    func refusesWhatIsNoAmount(_ text: String) {
        #expect(AmountParser.parse(text) == nil)
    }

    @Test func findsAmountsInALineButNotInCodes() {
        #expect(AmountParser.amounts(in: "TOTAL RM9.00 SR").map(\.amount) == [Amount(minorUnits: 900, decimals: 2)])
        #expect(AmountParser.amounts(in: "2 x 3.50 7.00").map(\.amount.hundredths) == [350, 700])
        #expect(AmountParser.amounts(in: "INV12.00 X").isEmpty, "glued to letters: a code")
        #expect(AmountParser.amounts(in: "SOB").isEmpty, "look-alike letters alone are a word")
    }

    @Test func printsWithTheReceiptsDecimals() {
        #expect(Amount(minorUnits: 900, decimals: 2).description == "9.00")
        #expect(Amount(minorUnits: -2, decimals: 2).description == "-0.02")
        #expect(Amount(minorUnits: 75, decimals: 1).description == "7.5")
        #expect(Amount(minorUnits: 75, decimals: 1).sameValue(as: Amount(minorUnits: 750, decimals: 2)))
    }
}

@Suite struct DateParserTests {
    @Test(arguments: [
        ("25/12/2018", "2018-12-25"), ("26.06.25", "2025-06-26"), ("1-3-2019", "2019-03-01"), ("2018-12-25", "2018-12-25"),
        ("25 Dec 2018", "2018-12-25"), ("25-DEC-18", "2018-12-25"), ("Dec 25, 2018", "2018-12-25"), ("3. März 2025", "2025-03-03"),
        ("Datum: 07.01.2024 14:32", "2024-01-07"), ("12/31/2018", "2018-12-31"),
    ])
    func readsDayFirstISOAndNamedMonths(_ text: String, _ iso: String) {
        #expect(DateParser.parse(text)?.description == iso)
    }

    @Test func neverTakesADateOutOfAGluedNumber() {
        #expect(DateParser.parse("80101911/26.06.2025")?.description == "2025-06-26")
        #expect(DateParser.parse("Beleg 2018122512") == nil)
        #expect(DateParser.parse("31.04.2025") == nil, "April has 30 days")
        #expect(DateParser.parse("29.02.2023") == nil)
    }

    @Test func aDateAfterTheDayOfReadingIsAnOCRSlip() {
        let reader = ReceiptExtractor(latestDate: CalendarDate(year: 2026, month: 11, day: 25))
        let lines = ["Date : 23/03/2078 10:52", "Total 9.00", "Printed 22.03.2018"]
        #expect(reader.extract(lines: lines).date == CalendarDate(year: 2018, month: 3, day: 23), "one digit of the year misread")
        let twoDigits = ["Date : 23/03/2178 10:52", "Total 9.00", "Printed 22.03.2018"]
        #expect(reader.extract(lines: twoDigits).date == CalendarDate(year: 2018, month: 3, day: 22), "the next date on the receipt")
        #expect(reader.extract(lines: ["Date : 23/03/2178"]).date == nil)
        // Without a label, a later "date" is as likely no date at all: it is not repaired.
        #expect(reader.extract(lines: ["9082115 12.22.50", "Total 9.00"]).date == nil)
        #expect(reader.extract(lines: ["Datum: 25.11.2026"]).date == CalendarDate(year: 2026, month: 11, day: 25), "the last day is possible")
        #expect(ReceiptExtractor().extract(lines: lines).date == CalendarDate(year: 2078, month: 3, day: 23), "no latest day: any date")
    }

    @Test func aLeadingZeroReadAsSixOrNineIsUndoneWhenTheDateIsOtherwiseImpossible() {
        #expect(DateParser.parse("19/62/2018 16:45")?.description == "2018-02-19")
        #expect(DateParser.parse("Date: 92/02/2018")?.description == "2018-02-02")
        #expect(DateParser.parse("16/02/2018")?.description == "2018-02-16", "a possible date stays as read")
        #expect(DateParser.parse("19/72/2018") == nil)
    }

    @Test func aDateRunTogetherIsReadBesideATime() {
        #expect(ReceiptExtractor().extract(lines: ["00440010036 25032018 13:11:54", "Total 9.00"]).date?.description == "2018-03-25")
        #expect(ReceiptExtractor().extract(lines: ["Member 25032018", "Total 9.00"]).date == nil, "a number alone is no date")
    }

    @Test func theUTCDayOfAMoment() {
        #expect(CalendarDate(utcDayOfSecondsSince1970: 0) == CalendarDate(year: 1970, month: 1, day: 1))
        #expect(CalendarDate(utcDayOfSecondsSince1970: 1_795_478_399) == CalendarDate(year: 2026, month: 11, day: 23))
        #expect(CalendarDate(utcDayOfSecondsSince1970: 1_795_478_400) == CalendarDate(year: 2026, month: 11, day: 24))
        #expect(CalendarDate(utcDayOfSecondsSince1970: -1) == CalendarDate(year: 1969, month: 12, day: 31))
    }

    @Test func ocrSlipsInDatesAreUndoneWhereOnlyOneReadingFits() {
        #expect(DateParser.parse("12- 01-19 21:13 SHOP")?.description == "2019-01-12", "a space after a separator")
        #expect(DateParser.parse("ORD #07 -REG #19- 10/03/2018 17:24")?.description == "2018-03-10", "not 19-10 of year 03")
        #expect(DateParser.separatorsReadAsDigits("Date: 1202/2018")?.description == "2018-02-12", "one separator lost")
        #expect(DateParser.separatorsReadAsDigits("Date: 27032018")?.description == "2018-03-27", "both lost")
        #expect(DateParser.separatorsReadAsDigits("Date: 060372018")?.description == "2018-03-06", "one lost, one read as 7")
        #expect(DateParser.separatorsReadAsDigits("Date: 020112018") == nil, "02/01/2018 or 02/11/2018: no guess")
    }
}

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
