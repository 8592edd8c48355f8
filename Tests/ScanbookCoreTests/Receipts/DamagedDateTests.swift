import Testing
import ScanbookCore

@Suite struct DamagedDateTests {
    @Test func separatorsReadAsDigitsBesideADateLabel() {
        #expect(ReceiptExtractor().extract(lines: ["SHOP", "DocNo. : 800095863 Date: 1300372018", "Total 10.00"]).date?.description == "2018-03-13")
        #expect(ReceiptExtractor().extract(lines: ["SHOP", "Tel 0312345678", "Total 10.00"]).date == nil, "no label, no guess")
        #expect(DateParser.separatorsReadAsDigits("Date: 4599372018") == nil, "day 45 is no day")
    }
}
