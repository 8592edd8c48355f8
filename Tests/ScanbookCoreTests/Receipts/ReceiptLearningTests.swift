import Testing
import ScanbookCore

@Suite struct TypedAmountTests {
    @Test(arguments: [
        ("12", 1200, 2), ("12.5", 125, 1), ("12,50", 1250, 2), ("1'234.50", 123450, 2), ("CHF 7.25", 725, 2), (" 0.95 ", 95, 2),
    ])
    func readsWhatPeopleType(_ text: String, _ minor: Int, _ decimals: Int) {
        #expect(Amount(typed: text) == Amount(minorUnits: minor, decimals: decimals))
    }

    @Test(arguments: ["", "abc", "1O.00", "-5.00", "12.345", "99999999"])
    func refusesTheRest(_ text: String) {
        #expect(Amount(typed: text) == nil)
    }
}

@Suite struct MerchantMatcherTests {
    let known = ["Migros Zürich HB", "Coop", "Apotheke am Markt", "BOOK TA.K (TAMAN DAYA) SDN BHD"]

    @Test func findsTheSameMerchantDespiteOCRNoiseAndCase() {
        let matcher = MerchantMatcher()
        #expect(matcher.closest(to: "MIGROS ZURICH HB", among: known) == "Migros Zürich HB")
        #expect(matcher.closest(to: "M1GROS ZÜRICH HB", among: known) == "Migros Zürich HB")
        #expect(matcher.closest(to: "BOOK TA K (TAMAN DAYA) SDN BHD", among: known) == "BOOK TA.K (TAMAN DAYA) SDN BHD")
        #expect(matcher.closest(to: "COOP CITY", among: known) == "Coop")
    }

    @Test func aDifferentMerchantIsNotMatched() {
        let matcher = MerchantMatcher()
        #expect(matcher.closest(to: "Denner", among: known) == nil)
        #expect(matcher.closest(to: "Co", among: known) == nil)
        #expect(matcher.closest(to: "", among: known) == nil)
    }
}

@Suite struct CategorySuggestionTests {
    @Test func theMerchantsLastCategoryWins() {
        let past = [CategorySuggestion.Past(merchant: "Migros Bern", category: "food")]
        #expect(CategorySuggestion.suggest(merchantLastCategory: "home", merchant: "Migros", past: past) == "home")
    }

    @Test func otherwiseTheMostFrequentCategoryOfSimilarMerchants() {
        let past: [CategorySuggestion.Past<String>] = [
            .init(merchant: "Apotheke am Markt", category: "health"),
            .init(merchant: "Bahnhof Apotheke AG", category: "health"),
            .init(merchant: "Apotheke Dr. Kunz", category: "beauty"),
            .init(merchant: "Migros", category: "food"),
        ]
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: "APOTHEKE ZUR ROSE", past: past) == "health")
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: "Denner AG", past: past) == nil)
        #expect(CategorySuggestion.suggest(merchantLastCategory: nil, merchant: nil, past: past) == nil)
    }
}

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

@Suite struct CashRoundingTests {
    @Test func cashAndChangeCorrectATotalAFewCentsOff() {
        let lines = ["SHOP SDN BHD", "Sub Total : 93.40", "Total GST : 5.60", "Total : 99.09", "CASH : 100.00", "Change : 1.00"]
        #expect(ReceiptExtractor().extract(lines: lines).total == Amount(minorUnits: 9900, decimals: 2))
    }

    @Test func aRoundingReceiptStatesItsTotalInFiveCentSteps() {
        let lines = ["SHOP", "Total Sales (Inclusive GST) RM 181.98", "Rounding Adjustment RM .02", "CREDIT RM 182.00"]
        #expect(ReceiptExtractor().extract(lines: lines).total == Amount(minorUnits: 18200, decimals: 2))
        let lostPoint = ["SHOP", "Total Sales (Inclusive GST) RM 72.74", "Rounding Adjustment RM 01", "Thank you"]
        #expect(ReceiptExtractor().extract(lines: lostPoint).total == Amount(minorUnits: 7275, decimals: 2))
        let notRounded = ["SHOP", "Rounding 0.00", "Total Sales (Inclusive of GST) : 93.07", "CASH : 93.07"]
        #expect(ReceiptExtractor().extract(lines: notRounded).total == Amount(minorUnits: 9307, decimals: 2))
    }

    @Test func withoutRoundingOrCashTheTotalStaysToTheCent() {
        #expect(ReceiptExtractor().extract(lines: ["REWE", "Summe EUR 93,87", "EC-Karte 93,87"]).total == Amount(minorUnits: 9387, decimals: 2))
        let farOff = ["SHOP", "Total 7.27", "Bar 10.00", "Rückgeld 2.00"]
        #expect(ReceiptExtractor().extract(lines: farOff).total?.hundredths == 727, "8.00 is too far off to be rounding")
    }
}

@Suite struct OCRSpacingTests {
    @Test func aSpaceAfterTheDecimalMarkIsClosed() {
        #expect(AmountParser.amounts(in: "TOTAL RM 65. 20").map(\.amount.hundredths) == [6520])
        #expect(AmountParser.amounts(in: "2 x 1. 250 g").isEmpty, "three digits after the gap are no decimals")
    }

    @Test func theTotalAfterRoundingIsTheTotal() {
        let lines = ["SHOP", "Sub Total 85.12", "Rounding -0.02", "Total After Rounding 85.10", "Your Total Savings 8.00"]
        #expect(ReceiptExtractor().extract(lines: lines).total?.hundredths == 8510)
    }
}

@Suite struct DamagedDateTests {
    @Test func separatorsReadAsDigitsBesideADateLabel() {
        #expect(ReceiptExtractor().extract(lines: ["SHOP", "DocNo. : 800095863 Date: 1300372018", "Total 10.00"]).date?.description == "2018-03-13")
        #expect(ReceiptExtractor().extract(lines: ["SHOP", "Tel 0312345678", "Total 10.00"]).date == nil, "no label, no guess")
        #expect(DateParser.separatorsReadAsDigits("Date: 4599372018") == nil, "day 45 is no day")
    }
}
