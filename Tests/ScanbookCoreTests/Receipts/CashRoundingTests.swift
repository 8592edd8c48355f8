import Testing
import ScanbookCore

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

    @Test func anAmountRoundsToTheNearestFiveCentStepOnly() {
        func amount(_ text: String) -> Amount { Amount(hundredths: AmountParser.amounts(in: text).first?.amount.hundredths ?? -1) }
        #expect(amount("88.97").roundsToStep(amount("88.95")))
        #expect(amount("12.61").roundsToStep(amount("12.60")))
        #expect(amount("52.08").roundsToStep(amount("52.10")))
        #expect(!amount("88.97").roundsToStep(amount("89.00")), "not the nearest step")
        #expect(!amount("88.95").roundsToStep(amount("88.95")), "already on a step")
        #expect(!amount("88.95").roundsToStep(amount("89.00")))
        #expect(!amount("88.97").roundsToStep(amount("88.96")), "not a step")
        #expect(!Amount(hundredths: 3).roundsToStep(Amount(hundredths: Int.min + 3)), "far apart, not a trap")
    }

    @Test func withoutRoundingOrCashTheTotalStaysToTheCent() {
        #expect(ReceiptExtractor().extract(lines: ["REWE", "Summe EUR 93,87", "EC-Karte 93,87"]).total == Amount(minorUnits: 9387, decimals: 2))
        let farOff = ["SHOP", "Total 7.27", "Bar 10.00", "Rückgeld 2.00"]
        #expect(ReceiptExtractor().extract(lines: farOff).total?.hundredths == 727, "8.00 is too far off to be rounding")
    }
}
