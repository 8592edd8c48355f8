import Testing
@testable import ScanbookCore

@Suite struct ReceiptItemsTests {
    static func amount(_ text: String) -> Amount { AmountParser.amounts(in: text)[0].amount }

    @Test func namesAboveTheirCodeAndPricesAddUpToTheSubTotal() {
        let lines = [
            "SAM SAM TRADING CO", "(742016-W)", "TEL/FAX : 03-51213881", "TAX INVOICE",
            "HE EOG UNICORN TWIN SUPER GLUE USG-99-", "9557368063013 1 X 5.20 5.20 S",
            "SS EZL A4 CYBER MIX COLOR PAPER 100'S8", "222008 1 X 8.90 8.90 S",
            "No. Qtys: 2 No. Items: 2", "TAX AMT (S) 6% RM 13.30", "GST -6% RM 0.80", "TOTAL RM 14.10", "CASH RM 20.00",
        ]
        let list = ReceiptExtractor().items(lines, total: Self.amount("14.10"))
        #expect(list.items.map(\.name) == ["HE EOG UNICORN TWIN SUPER GLUE USG-99", "SS EZL A4 CYBER MIX COLOR PAPER 100'S8"])
        #expect(list.items.map(\.amount) == [Self.amount("5.20"), Self.amount("8.90")])
        #expect(list.items.map(\.quantity) == ["1", "1"] && list.items[0].unitPrice == Self.amount("5.20"))
        #expect(list.addsUp, "5.20 + 8.90 is the taxable amount 14.10 (the GST is inclusive here)")
    }

    @Test func aQuantityLineGoesWithTheItemBelowAndADiscountTakesOff() {
        let lines = [
            "REWE Markt GmbH", "Hauptstr. 5, 50667 Köln", "EUR",
            "2 x 0,89", "BUTTER 1,78 A", "BROT 2,49 B", "0,645 kg x 2,99 EUR/kg", "BANANEN 1,93 B", "Rabatt Brot -0,50",
            "SUMME EUR 5,70", "Geg. BAR EUR 10,00",
        ]
        let list = ReceiptExtractor().items(lines, total: Self.amount("5,70"))
        #expect(list.items.map(\.name) == ["BUTTER", "BROT", "BANANEN", "Rabatt Brot"])
        #expect(list.items[0].quantity == "2" && list.items[0].unitPrice == Self.amount("0,89"))
        #expect(list.items[2].quantity == "0.645" && list.items[2].amount == Self.amount("1,93"))
        #expect(list.items[3].amount.hundredths == -50)
        #expect(list.addsUp && list.sum?.hundredths == 570)
    }

    @Test func aTaxClassDigitAfterThePriceEndsAnItemLine() {
        // Coop's columns (name, quantity, unit price, amount, tax class); Aldi Nord and dm print the digit too.
        let lines = [
            "Coop City", "Artikel Menge Preis Total", "Kehrichtsack 35 1 5.90 5.90 2", "Gipfeli 4 Stk 1 3.50 3.50 1",
            "Bananen 1.153 3.45 3.98 1", "Rabatt -0.20 1", "TOTAL CHF 13.18", "TWINT 13.18",
        ]
        let list = ReceiptExtractor().items(lines, total: Self.amount("13.18"))
        #expect(list.items.map(\.amount.hundredths) == [590, 350, 398, -20])
        #expect(list.addsUp)
        let nord = ReceiptExtractor().items(["ALDI Nord", "Milch 1,19 1", "Brot 2,49 2", "Zu zahlen 3,68"], total: Self.amount("3,68"))
        #expect(nord.items.map(\.name) == ["Milch", "Brot"] && nord.addsUp)
        // Two digits after it are no tax class: a room number, a count, another column.
        let line = "Zimmer 12.50 20"
        #expect(!ReceiptExtractor.endsWithPrice(line, AmountParser.amounts(in: line)))
    }

    @Test func itemsThatDoNotAddUpSaySo() {
        let lines = ["Shop", "Milk 1.20", "Bread 2.40", "TOTAL 4.60"]
        let list = ReceiptExtractor().items(lines, total: Self.amount("4.60"))
        #expect(list.items.count == 2 && !list.addsUp, "an item was lost or misread")
        #expect(ReceiptExtractor().items(["TOTAL 4.60"], total: nil) == .none)
    }

    @Test func aQuantityThatDoesNotGiveTheAmountIsDropped() {
        let list = ReceiptExtractor().items(["Shop", "Tea 3 x 1.50 4.60", "TOTAL 4.60"], total: Self.amount("4.60"))
        #expect(list.items.first?.quantity == nil && list.items.first?.amount == Self.amount("4.60"))
    }
}
