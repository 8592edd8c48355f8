import Testing
import ScanbookCore

@Suite struct UnitPriceTests {
    @Test func parsesTariffsAndCostsRoundToCents() throws {
        let price = try #require(UnitPrice(typed: "0,2735"))
        #expect(price.tenThousandths == 2735 && price.description == "0.2735")
        #expect(UnitPrice(typed: "12")?.description == "12.00")
        #expect(UnitPrice(typed: "1'250.5")?.tenThousandths == 12_505_000)
        #expect(UnitPrice(typed: "0.12345") == nil && UnitPrice(typed: "-1") == nil && UnitPrice(typed: "abc") == nil)
        // 123.4 kWh × 0.2735 = 33.7499 → 33.75
        #expect(price.cost(ofSteps: 1234, on: MeterCounter(digits: 6, decimals: 1)!) == Amount(hundredths: 3375))
        #expect(UnitPrice(typed: "2.5")!.cost(ofSteps: 3, on: MeterCounter(digits: 5, decimals: 0)!) == Amount(hundredths: 750))
    }
}
