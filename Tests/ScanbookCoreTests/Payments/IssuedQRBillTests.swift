import Foundation
import Testing
@testable import ScanbookCore

/// QR-bills out: references made from invoice numbers, the payment part's drawing, and the
/// credits that pay issued bills.
@Suite struct IssuedQRBillTests {
    static let bill = QRBill(
        account: "CH4431999123000889012", creditor: .init(name: "Robert Schneider AG", street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH"),
        amount: Amount(hundredths: 194_975), currency: "CHF",
        debtor: .init(name: "Pia-Maria Rutschmann-Schnyder", street: "Grosse Marktgasse", buildingNumber: "28", postalCode: "9400", town: "Rorschach", country: "CH"),
        referenceType: .qr, reference: "210000000003139471430009017", message: "Order of 15 June 2020 & co", billInformation: "//S1/10/10201409/11/200701"
    )

    /// A 3 × 3 stand-in symbol: the drawing does not read it.
    static let code = QRMatrix(side: 3, dark: [true, false, true, false, true, false, true, false, true])!

    @Test func referencesAreMadeFromTheInvoiceNumberWithTheirCheckDigits() throws {
        let qr = try #require(QRBill.issuedReference(.qr, invoiceNumber: 42))
        #expect(qr.count == 27 && qr.hasPrefix("0000000000000000000000004") && Mod10Recursive.isValid(qr))
        #expect(QRBill.issuedReference(.creditor, invoiceNumber: 1) == "RF741")
        #expect((try? CreditorReference.parse(QRBill.issuedReference(.creditor, invoiceNumber: 123_456) ?? "").get()) != nil)
        #expect(QRBill.issuedReference(.none, invoiceNumber: 1) == nil)
        #expect(QRReference(invoiceNumber: -1) == nil)
    }

    @Test(arguments: QRBill.Language.allCases)
    func thePaymentPartIsDrawnInMillimetresWithTheLabelsOfItsLanguage(_ language: QRBill.Language) {
        let svg = QRBillPaymentPart(bill: Self.bill, code: Self.code, language: language).svg
        let labels = QRBill.Labels(language)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="105mm" viewBox="0 0 210 105""#))
        for label in [labels.receipt, labels.paymentPart, labels.account, labels.reference, labels.additionalInformation, labels.currency, labels.amount, labels.payableBy, labels.acceptancePoint] {
            #expect(svg.contains(">" + XMLWriter.escaped(label) + "<"), "\(label)")
        }
        #expect(svg.contains(">CH44 3199 9123 0008 8901 2<") && svg.contains(">21 00000 00003 13947 14300 09017<") && svg.contains(">1 949.75<"))
        #expect(svg.contains(">Order of 15 June 2020 &amp; co<") && svg.contains(">Rue du Lac 1268<") && svg.contains(">2501 Biel<"))
        // The code fills 46 mm at (67, 17) mm; the Swiss cross sits in its middle.
        #expect(svg.contains("translate(67 17) scale(15.333333333333334)") && svg.contains(##"<rect x="86.5" y="36.5" width="7" height="7" fill="#fff"/>"##))
    }

    @Test func anOpenAmountAndAMissingDebtorLeaveMarkedFieldsAndANotificationSaysSo() {
        var open = Self.bill
        open.amount = nil
        open.debtor = nil
        let svg = QRBillPaymentPart(bill: open, code: Self.code, language: .de).svg
        #expect(svg.contains(">Zahlbar durch (Name/Adresse)<") && !svg.contains(">1 949.75<"))
        // Corner marks: two boxes on the receipt (debtor, amount) and two on the payment part.
        #expect(svg.components(separatedBy: ##"fill="none" stroke="#000""##).count - 1 == 4)
        var notification = Self.bill
        notification.amount = Amount(hundredths: 0)
        #expect(QRBillPaymentPart(bill: notification, code: Self.code, language: .fr).svg.contains(">NE PAS UTILISER POUR LE PAIEMENT<"))
    }

    @Test func amountsAreGroupedByThousandsAndLongTextWraps() {
        #expect(QRBillPaymentPart.formattedAmount(5) == "0.05" && QRBillPaymentPart.formattedAmount(123_456_789_01) == "123 456 789.01")
        let lines = QRBillPaymentPart.wrap(String(repeating: "word ", count: 30), width: 87, size: 10)
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 44 })
    }

    @Test func creditsPayIssuedBillsByTheirReferenceAndOthersStayListed() {
        let credit = { (amount: Int, reference: String?, transactionAmount: Int?) in
            BankStatement.Entry(reference: "B\(amount)", amountMinor: amount, currency: "CHF", direction: .credit, isBooked: true, isReversal: false, bookingDate: nil,
                                batchMessageID: nil, transactions: [.init(endToEndID: nil, messageID: nil, amountMinor: transactionAmount, returnReason: nil, creditorReference: reference)])
        }
        let statement = BankStatement(kind: .statement, account: "CH9300762011623852957", entries: [
            credit(6_000, "rf74 1", nil), credit(4_000, "RF472", nil), credit(1_000, nil, nil),
        ])
        #expect(statement.match(against: [], issuedReferences: ["RF741"]) == [
            .received([ReceivedPayment(reference: "RF741", amountMinor: 6_000, currency: "CHF")]), .unmatched(.credit), .unmatched(.credit),
        ])
    }
}
