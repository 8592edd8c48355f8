import Testing
import ScanbookCore

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

    @Test func anISODateIsExactlyTenDigitsAndDashes() {
        #expect(CalendarDate(iso: "2018-01-05") == CalendarDate(year: 2018, month: 1, day: 5))
        for text in ["2018-+1-05", "2018-01-+5", "+201-01-05", "2018-1-05 ", "2018-01-5", "2018/01/05", "2018-02-30"] {
            #expect(CalendarDate(iso: text) == nil, "\(text)")
        }
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

    @Test func aDateBesideATimeIsTheTimeStamp() {
        let reader = ReceiptExtractor(latestDate: CalendarDate(year: 2026, month: 11, day: 25))
        // Before a merely printed date elsewhere (a best-before, a promotion's end).
        let lines = ["Promo until 30/06/2019", "Total 9.00", "19-09-17 15:39 SH01 2/03"]
        #expect(reader.extract(lines: lines).date == CalendarDate(year: 2017, month: 9, day: 19))
        // Its misread year is repaired as beside a label; without the time it is not.
        #expect(reader.extract(lines: ["Total 9.00", "09:13am, 21 March, 2078"]).date == CalendarDate(year: 2018, month: 3, day: 21))
        #expect(reader.extract(lines: ["Total 9.00", "21 March 2078"]).date == nil)
        // A label still comes first.
        #expect(reader.extract(lines: ["12/03/2018 13:07 1098", "Date: 11/03/2018"]).date == CalendarDate(year: 2018, month: 3, day: 11))
    }

    @Test func aLeadingZeroReadAsSixOrNineIsUndoneWhenTheDateIsOtherwiseImpossible() {
        #expect(DateParser.parse("19/62/2018 16:45")?.description == "2018-02-19")
        #expect(DateParser.parse("Date: 92/02/2018")?.description == "2018-02-02")
        #expect(DateParser.parse("87.05.25 11:22")?.description == "2025-05-07")
        #expect(DateParser.parse("16/02/2018")?.description == "2018-02-16", "a possible date stays as read")
        #expect(DateParser.parse("19/72/2018") == nil)
    }

    @Test func aDateRunTogetherIsReadBesideATime() {
        #expect(ReceiptExtractor().extract(lines: ["00440010036 25032018 13:11:54", "Total 9.00"]).date?.description == "2018-03-25")
        #expect(ReceiptExtractor().extract(lines: ["Member 25032018", "Total 9.00"]).date == nil, "without the day it is read, a number alone is no date")
    }

    @Test func eightDigitsAloneAreADateOnlyWithinTheTenYearsBeforeReading() {
        let extractor = ReceiptExtractor(latestDate: CalendarDate(year: 2018, month: 4, day: 1))
        #expect(extractor.extract(lines: ["SHOP", "27032018 No. CS-20242", "Total 9.00"]).date?.description == "2018-03-27")
        #expect(extractor.extract(lines: ["SHOP", "Ref 01011990", "Total 9.00"]).date == nil, "more than ten years before")
        #expect(extractor.extract(lines: ["SHOP", "Ref 25032019", "Total 9.00"]).date == nil, "after the day it is read")
        #expect(extractor.extract(lines: ["SHOP", "Ref 250320181", "Total 9.00"]).date == nil, "nine digits alone")
        #expect(extractor.extract(lines: ["SHOP", "Ref 12345678", "Total 9.00"]).date == nil)
    }

    @Test func aYearRunIntoItsTimeOfDayIsSplitFromIt() {
        #expect(DateParser.parse("Date 09/02/201811:40")?.description == "2018-02-09", "a four-digit year")
        #expect(DateParser.parse("Date: 29-01-1820:38")?.description == "2018-01-29", "a two-digit year, not the year 1820")
        #expect(DateParser.parse("2018-02-0911:40:05")?.description == "2018-02-09", "an ISO date's day")
        #expect(DateParser.parse("Date: 29-01-189:38")?.description == "2018-01-29", "an hour of one digit")
        #expect(DateParser.parse("09/02/201825:40") == nil, "no hour 25: the digits are no year and time")
        #expect(DateParser.parse("09/02/201811:4") == nil, "minutes have two digits")
        #expect(DateParser.parse("09/02/2018 11:40")?.description == "2018-02-09")
        let extractor = ReceiptExtractor(latestDate: CalendarDate(year: 2026, month: 12, day: 2))
        #expect(extractor.extract(lines: ["SHOP", "Date: 29-01-1820:38", "Total 9.00"]).date == CalendarDate(year: 2018, month: 1, day: 29))
    }

    @Test func eightDigitsSplitAtTheDatePartsAreADateToo() {
        let extractor = ReceiptExtractor(latestDate: CalendarDate(year: 2018, month: 4, day: 1))
        #expect(extractor.extract(lines: ["SHOP", "27 03 2018 No : CS-20243", "Total 9.00"]).date?.description == "2018-03-27")
        #expect(extractor.extract(lines: ["SHOP", "27 032018 No CS-20242", "Total 9.00"]).date?.description == "2018-03-27")
        #expect(extractor.extract(lines: ["SHOP", "Tel 044 27 03 2018", "Total 9.00"]).date == nil, "one group of a phone number")
        #expect(extractor.extract(lines: ["SHOP", "Ref 270 32018", "Total 9.00"]).date == nil, "not split where the parts meet")
        #expect(DateParser.eightDigitWords(in: "Kasse 2703 2018 12") == [], "another digit word beside them")
        #expect(DateParser.eightDigitWords(in: "2703 2018 No 27032018") == ["27032018", "27032018"])
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
