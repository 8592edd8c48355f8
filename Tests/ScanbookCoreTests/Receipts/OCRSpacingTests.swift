import Testing
import ScanbookCore

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
