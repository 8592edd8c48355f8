import Testing
@testable import ScanbookCore

/// The creditor under an orange slip's "Einzahlung für" label, from OCR lines laid out as on a
/// slip: the receipt part's column on the left, the reference and payer on the right.
@Suite struct SlipAddressBlockTests {
    /// A line of text at `x, y`, 30 pixels high, as OCR returns it.
    private func line(_ text: String, _ x: Int, _ y: Int, width: Int = 400) -> OCRLine {
        OCRLine(text: text, confidence: 0.95, box: PixelRect(x: x, y: y, width: width, height: 30))
    }

    private func slip(_ block: [String], labelText: String = "Einzahlung für / Versement pour / Versamento per", accountAfter: Bool = true) -> [OCRLine] {
        var lines = [line(labelText, 80, 80, width: 760), line("Referenz-Nr. / No de référence", 1120, 80), line("Einbezahlt von / Versé par", 1120, 300)]
        lines += [line("Hans Meier", 1125, 350), line("Seeweg 3", 1125, 390), line("6004 Luzern", 1125, 430)]
        for (index, text) in block.enumerated() { lines.append(line(text, 84, 130 + 40 * index)) }
        if accountAfter { lines.append(line("Konto / Compte / Conto 01-162-8", 80, 150 + 40 * block.count)) }
        return lines.shuffled()
    }

    @Test func aCompanyWithStreetAndTownIsTheCreditor() {
        let address = SlipAddressBlock.creditor(in: slip(["Muster AG", "Bahnhofstrasse 7", "8001 Zürich"]))
        #expect(address == QRBill.Address(name: "Muster AG", street: "Bahnhofstrasse", buildingNumber: "7", postalCode: "8001", town: "Zürich", country: "CH"))
    }

    @Test func twoNameLinesAndAPostBox() {
        let address = SlipAddressBlock.creditor(in: slip(["Verein Kinderhilfe", "Sektion Bern", "Postfach", "3001 Bern"]))
        #expect(address == QRBill.Address(name: "Verein Kinderhilfe, Sektion Bern", street: "Postfach", postalCode: "3001", town: "Bern", country: "CH"))
    }

    @Test func aNameAndATownWithoutAStreet() {
        let address = SlipAddressBlock.creditor(in: slip(["Gemeinde Muri", "3074 Muri b. Bern"]))
        #expect(address == QRBill.Address(name: "Gemeinde Muri", postalCode: "3074", town: "Muri b. Bern", country: "CH"))
    }

    @Test func theBoxEdgeBesideALineIsNotPartOfIt() {
        let address = SlipAddressBlock.creditor(in: slip(["| Muster AG", "Bahnhofstrasse 7 |", "[8001 Zürich"]))
        #expect(address == QRBill.Address(name: "Muster AG", street: "Bahnhofstrasse", buildingNumber: "7", postalCode: "8001", town: "Zürich", country: "CH"))
    }

    @Test func aLiechtensteinPostcodeGivesItsCountry() {
        let address = SlipAddressBlock.creditor(in: slip(["Landesbank AG", "Städtle 44", "FL-9490 Vaduz"]))
        #expect(address == QRBill.Address(name: "Landesbank AG", street: "Städtle", buildingNumber: "44", postalCode: "9490", town: "Vaduz", country: "LI"))
    }

    @Test func theLabelReadWithoutItsUmlautOrInPartStillCounts() {
        #expect(SlipAddressBlock.creditor(in: slip(["Muster AG", "Bahnhofstrasse 7", "8001 Zürich"], labelText: "Einzahlung fur/Versement pour"))?.name == "Muster AG")
        #expect(SlipAddressBlock.creditor(in: slip(["Muster AG", "Bahnhofstrasse 7", "8001 Zürich"], labelText: "Versamento per"))?.town == "Zürich")
        // Without an account line the block ends with the column's last line.
        #expect(SlipAddressBlock.creditor(in: slip(["Muster AG", "8001 Zürich"], accountAfter: false))?.name == "Muster AG")
    }

    @Test func aBlockWithoutAPostcodeAndTownIsNotGuessed() {
        #expect(SlipAddressBlock.creditor(in: slip(["Muster AG", "Bahnhofstrasse 7"])) == nil)
        #expect(SlipAddressBlock.creditor(in: slip(["8001 Zürich"])) == nil)
        #expect(SlipAddressBlock.creditor(in: slip([String(repeating: "Sehr lange Firmenbezeichnung ", count: 3), "8001 Zürich"])) == nil)
    }

    @Test func withoutTheLabelThereIsNoCreditor() {
        let lines = slip(["Muster AG", "Bahnhofstrasse 7", "8001 Zürich"]).filter { !$0.text.hasPrefix("Einzahlung") }
        #expect(SlipAddressBlock.creditor(in: lines) == nil)
    }

    @Test func theBlockEndsAtAGapAndTakesNothingFromAnotherColumn() {
        // The town is far below the street: not part of the block, so no place ends it.
        var lines = [line("Einzahlung für / Versement pour / Versamento per", 80, 80, width: 760), line("Muster AG", 84, 130), line("Bahnhofstrasse 7", 84, 170)]
        lines.append(line("8001 Zürich", 84, 400))
        #expect(SlipAddressBlock.creditor(in: lines) == nil)
        // The payer's block on the right has a postcode too; it is never the creditor's.
        lines = [line("Einzahlung für / Versement pour / Versamento per", 80, 80, width: 760), line("Muster AG", 84, 130), line("6004 Luzern", 1125, 170)]
        #expect(SlipAddressBlock.creditor(in: lines) == nil)
    }

    @Test func theReceiptPartCutOffLeavesThePaymentPart() {
        // The left part's block lost its town to the photo's edge; the middle part's is whole.
        var lines = [line("Einzahlung für / Versement pour / Versamento per", 20, 80, width: 600), line("Muster AG", 24, 130), line("Bahnhofstrasse 7", 24, 170)]
        lines += [line("Einzahlung für / Versement pour / Versamento per", 700, 80, width: 600), line("Muster AG", 704, 130), line("Bahnhofstrasse 7", 704, 170), line("8001 Zürich", 704, 210)]
        #expect(SlipAddressBlock.creditor(in: lines)?.postalCode == "8001")
    }
}
