import Foundation
import Testing
@testable import ScanbookCore

@Suite struct QRBillTests {
    /// A bill built from the Swiss Implementation Guidelines' example accounts.
    static func payload(
        account: String = "CH4431999123000889012", addressType: String = "S", amount: String = "1949.75", currency: String = "CHF",
        referenceType: String = "QRR", reference: String = "210000000003139471430009017", tail: [String] = ["Bill Information"]
    ) -> String {
        ([
            "SPC", "0200", "1", account,
            addressType, "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
            "", "", "", "", "", "", "",
            amount, currency,
            "S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH",
            referenceType, reference, "Auftrag vom 15.06.2020 – Söhne & Zürich", "EPD",
        ] + tail).joined(separator: "\n")
    }

    @Test func aFullBillDecodesAndEncodesToTheSameBytes() throws {
        let text = Self.payload()
        let bill = try QRBill.decode(text).get()
        #expect(bill.account == "CH4431999123000889012")
        #expect(bill.creditor.name == "Robert Schneider AG" && bill.creditor.town == "Biel")
        #expect(bill.amount?.description == "1949.75")
        #expect(bill.debtor?.postalCode == "9400")
        #expect(bill.referenceType == .qr && bill.reference == "210000000003139471430009017")
        #expect(bill.message == "Auftrag vom 15.06.2020 – Söhne & Zürich")
        #expect(bill.billInformation == "Bill Information")
        #expect(bill.payload == text)
        #expect(try QRBill.decode(text.replacingOccurrences(of: "\n", with: "\r\n")).get() == bill, "CR LF too")
    }

    @Test func withoutAmountDebtorAndOptionalTail() throws {
        let minimal = Self.payload(amount: "", referenceType: "NON", reference: "", tail: []).replacingOccurrences(
            of: "S\nPia-Maria Rutschmann-Schnyder\nGrosse Marktgasse\n28\n9400\nRorschach\nCH", with: "\n\n\n\n\n\n"
        ).replacingOccurrences(of: "CH4431999123000889012", with: "CH9300762011623852957")
        let bill = try QRBill.decode(minimal).get()
        #expect(bill.amount == nil && bill.debtor == nil && bill.reference == nil)
        #expect(bill.payload == minimal)
    }

    @Test func aBillForZeroIsANotification() throws {
        let bill = try QRBill.decode(Self.payload(amount: "0.00")).get()
        #expect(bill.isNotification)
        #expect(try QRBill.decode(Self.payload()).get().isNotification == false)
    }

    @Test func everyRuleNamesItsField() {
        func problems(_ payload: String) -> [PaymentProblem] {
            if case .failure(let found) = QRBill.decode(payload) { return found.problems }
            return []
        }
        #expect(problems(Self.payload(account: "CH9300762011623852957")).contains(PaymentProblem(.referenceType, .qrReferenceNeedsQRIBAN)))
        #expect(problems(Self.payload(referenceType: "SCOR", reference: "RF18539007547034")).contains(PaymentProblem(.account, .qrIBANNeedsQRReference)))
        #expect(problems(Self.payload(account: "CH9300762011623852957", referenceType: "SCOR", reference: "RF18539007547034")).isEmpty)
        #expect(problems(Self.payload(account: "CH9300762011623852957", referenceType: "NON", reference: "123")).contains(PaymentProblem(.reference, .referenceNotAllowed)))
        #expect(problems(Self.payload(addressType: "K")).contains(PaymentProblem(.creditor, .combinedAddress)))
        #expect(problems(Self.payload(amount: "12.5")) == [PaymentProblem(.amount, .wrongFormat)])
        #expect(problems(Self.payload(amount: "1000000000.00")) == [PaymentProblem(.amount, .wrongFormat)])
        #expect(problems(Self.payload(amount: "999999999.99")).isEmpty)
        #expect(problems(Self.payload(account: "CH44 3199 9123 0008 8901 2")) == [PaymentProblem(.account, .wrongFormat, correctedValue: "CH4431999123000889012")])
        #expect(problems(Self.payload(currency: "USD")) == [PaymentProblem(.currency, .unsupportedCurrency)])
        #expect(problems(Self.payload(account: "DE89370400440532013000")) == [PaymentProblem(.account, .notSwiss)])
        #expect(problems(Self.payload(reference: "210000000003139471430009018")) == [PaymentProblem(.reference, .checkDigit)])
        #expect(problems(Self.payload(tail: [String(repeating: "x", count: 130)])) == [PaymentProblem(.billInformation, .tooLong)])
        #expect(problems("SPC\n0200\n1").map(\.field) == [.header])
        #expect(problems(Self.payload().replacingOccurrences(of: "\nEPD", with: "\nEND")).contains(PaymentProblem(.trailer, .wrongFormat)))
    }

    /// The published test payloads (sprain/php-swiss-qr-bill), when the shared corpus is here.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: QRBillTests.corpus)))
    func everyPublishedPayloadReadsAndWritesBack() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus).filter { $0.hasSuffix(".txt") }
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOfFile: Self.corpus + "/" + file, encoding: .utf8)
            let bill = try QRBill.decode(text).get()
            #expect(bill.payload == text, "\(file)")
        }
    }

    static let corpus = "../shared/corpora/qr-bill-payloads"
}
