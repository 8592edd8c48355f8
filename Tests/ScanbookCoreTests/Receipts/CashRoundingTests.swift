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

    @Test func withoutRoundingOrCashTheTotalStaysToTheCent() {
        #expect(ReceiptExtractor().extract(lines: ["REWE", "Summe EUR 93,87", "EC-Karte 93,87"]).total == Amount(minorUnits: 9387, decimals: 2))
        let farOff = ["SHOP", "Total 7.27", "Bar 10.00", "Rückgeld 2.00"]
        #expect(ReceiptExtractor().extract(lines: farOff).total?.hundredths == 727, "8.00 is too far off to be rounding")
    }
}
