import Testing
@testable import ScanbookCore

/// Addresses to v2.3: the old combined form split into street, number, postal code and town where
/// it reads one way only; asked for where not; combined QR-bill addresses read and flagged.
@Suite struct CombinedAddressTests {
    static func parts(_ street: String, _ number: String, _ code: String, _ town: String) -> CombinedAddress.Parts {
        CombinedAddress.Parts(street: street, buildingNumber: number, postalCode: code, town: town)
    }

    @Test(arguments: [
        (["Bahnhofstrasse 7", "8001 Zürich"], "CH", parts("Bahnhofstrasse", "7", "8001", "Zürich")),
        (["Bahnhofstrasse 7, 8001 Zürich"], "CH", parts("Bahnhofstrasse", "7", "8001", "Zürich")),
        (["Rue du Lac 1268 2501 Biel"], "CH", parts("Rue du Lac", "1268", "2501", "Biel")),
        (["12bis, rue de la Gare", "CH-1003 Lausanne"], "CH", parts("rue de la Gare", "12bis", "1003", "Lausanne")),
        (["7, rue du Lac, 1000 Lausanne 1"], "CH", parts("rue du Lac", "7", "1000", "Lausanne 1")),
        (["Postfach", "3001 Bern"], "CH", parts("Postfach", "", "3001", "Bern")),
        (["Unter den Linden 3/5", "D-10117 Berlin"], "DE", parts("Unter den Linden", "3/5", "10117", "Berlin")),
        (["Via Nassa 5a", "6900 Lugano"], "CH", parts("Via Nassa", "5a", "6900", "Lugano")),
        (["Landstrasse 12", "9490 Vaduz"], "LI", parts("Landstrasse", "12", "9490", "Vaduz")),
    ] as [([String], String, CombinedAddress.Parts)])
    func aCombinedAddressThatReadsOneWayIsSplit(_ lines: [String], _ country: String, _ expected: CombinedAddress.Parts) {
        #expect(CombinedAddress.split(lines, country: country) == expected)
    }

    @Test(arguments: [
        (["12 Route 9", "1000 Lausanne"], "CH"),        // a number at both ends of the street
        (["8800 Horgen"], "CH"),                         // no street
        (["Bahnhofstrasse 7"], "CH"),                    // no place
        (["Bahnhofstrasse 7", "Zürich"], "CH"),          // no postal code
        (["Hauptstrasse 1", "123 Berlin"], "DE"),        // a German postal code has five digits
        (["a", "b", "c"], "CH"),
    ] as [([String], String)])
    func oneThatReadsTwoWaysOrLacksAPartIsNotGuessed(_ lines: [String], _ country: String) {
        #expect(CombinedAddress.split(lines, country: country) == nil)
    }

    @Test func aTypedAddressIsSplitAndAStructuredOneLeftAlone() {
        let typed = QRBill.Address(name: "Max Muster", street: "Bahnhofstrasse 7, 8001 Zürich", postalCode: "", town: "", country: "CH")
        #expect(typed.structured() == QRBill.Address(name: "Max Muster", street: "Bahnhofstrasse", buildingNumber: "7", postalCode: "8001", town: "Zürich", country: "CH"))
        let structured = QRBill.Address(name: "Max Muster", street: "Bahnhofstrasse 7", postalCode: "8001", town: "Zürich", country: "CH")
        #expect(structured.structured() == structured)
        #expect(QRBill.Address(name: "X", street: "12 Route 9 1000 Lausanne", postalCode: "", town: "", country: "CH").structured() == nil)
    }

    @Test func aQRBillWithACombinedAddressIsReadAndFlagged() throws {
        let payload = QRBillTests.payload(addressType: "K")
            .replacingOccurrences(of: "Rue du Lac\n1268\n2501\nBiel\nCH", with: "Rue du Lac 1268\n2501 Biel\n\n\nCH")
        let (bill, flags) = try QRBill.read(payload).get()
        #expect(bill.creditor == QRBill.Address(name: "Robert Schneider AG", street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH"))
        #expect(flags == [PaymentProblem(.creditor, .combinedAddressSplit)])
        let slip = try #require(Slip.fromQRCode(payload))
        #expect(slip.problems.isEmpty && slip.notes?.map(\.field) == ["creditor"] && slip.creditor?.postalCode == "2501")
        // A combined address that reads two ways is refused, naming it.
        let unclear = payload.replacingOccurrences(of: "Rue du Lac 1268\n2501 Biel", with: "12 Route 9\n2501 Biel")
        guard case .failure(let found) = QRBill.read(unclear) else { Issue.record("read"); return }
        #expect(found.problems.contains(PaymentProblem(.creditor, .combinedAddress)))
    }

    @Test func aPaymentTypedWithACombinedAddressIsSplitOrAskedFor() throws {
        func draft(_ street: String) -> PaymentDraft {
            PaymentDraft(kind: .bank, debitAccount: "CH9300762011623852957", beneficiaryAccount: "CH5604835012345678009",
                         beneficiary: QRBill.Address(name: "Max Muster", street: street, postalCode: "", town: "", country: "CH"),
                         amount: "10.00", currency: "CHF", referenceType: "NON", reference: "", message: "", executionDate: "2026-12-01")
        }
        let today = try #require(CalendarDate(iso: "2026-11-27"))
        let checked = try draft("Bahnhofstrasse 7\n8001 Zürich").check(today: today).get()
        #expect(checked.beneficiary?.postalCode == "8001" && checked.beneficiary?.buildingNumber == "7")
        guard case .failure(let found) = draft("12 Route 9, 1000 Lausanne").check(today: today) else { Issue.record("checked"); return }
        #expect(found.problems == [PaymentProblem(.creditorStreet, .combinedAddress)])
    }
}
