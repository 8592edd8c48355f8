import Foundation
import Testing
@testable import ScanbookCore

@Suite struct Pain001Tests {
    /// The ISO schema: the shared copy, or the one `make test` fetched into `.build/schemas`.
    static let schema = ["../shared/schemas/pain.001.001.09.xsd", ".build/schemas/pain.001.001.09.xsd"]
        .first { FileManager.default.fileExists(atPath: $0) } ?? "../shared/schemas/pain.001.001.09.xsd"
    static let xmllint = "/usr/bin/xmllint"

    static func transfers() throws -> [CreditTransfer] {
        let schneider = QRBill.Address(name: "Robert Schneider AG", street: "Rue du Lac", buildingNumber: "1268", postalCode: "2501", town: "Biel", country: "CH")
        let muller = QRBill.Address(name: "Müller & Söhne <Zürich>", postalCode: "8001", town: "Zürich", country: "CH")
        return [
            CreditTransfer(endToEndID: "E2E-1", amount: try #require(Amount(typed: "1949.75")), currency: "CHF", creditor: schneider,
                           creditorAccount: "CH4431999123000889012", referenceType: .qr, reference: "210000000003139471430009017", message: "Rechnung 4711"),
            CreditTransfer(endToEndID: "E2E-2", amount: try #require(Amount(typed: "20")), currency: "CHF", creditor: muller,
                           creditorAccount: "CH9300762011623852957", referenceType: .creditor, reference: "RF18539007547034"),
            CreditTransfer(endToEndID: "E2E-3", amount: try #require(Amount(typed: "0.05")), currency: "EUR", creditor: muller,
                           creditorAccount: "DE89370400440532013000", referenceType: .none, message: "Danke"),
        ]
    }

    static func document() throws -> String {
        let all = try transfers()
        let day = try #require(CalendarDate(iso: "2026-11-26"))
        return Pain001.document(messageID: "MSG-20261125-1", createdAt: "2026-11-25T15:00:00", initiatingParty: "Anna Muster", batches: [
            PaymentBatch(id: "PMT-1", debtorName: "Anna Muster", debtorAccount: "CH9300762011623852957", executionDate: day, transfers: Array(all.prefix(2))),
            PaymentBatch(id: "PMT-2", debtorName: "Anna Muster", debtorAccount: "DE89370400440532013000", executionDate: day, transfers: [all[2]]),
        ])
    }

    @Test func theFileHasOneBlockPerDebitAccountWithItsSums() throws {
        let xml = try Self.document()
        #expect(xml.components(separatedBy: "<PmtInf>").count - 1 == 2)
        #expect(xml.contains("<NbOfTxs>3</NbOfTxs>") && xml.contains("<CtrlSum>1969.80</CtrlSum>"))
        #expect(xml.contains("<CtrlSum>1969.75</CtrlSum>"), "the first block's own sum")
        #expect(xml.contains("<Prtry>QRR</Prtry>") && xml.contains("<Cd>SCOR</Cd>") && xml.contains("<Ustrd>Danke</Ustrd>"))
        #expect(xml.contains("<MmbId>00762</MmbId>"), "the Swiss debit account's bank by its IID")
        #expect(xml.contains("Müller &amp; Söhne &lt;Zürich&gt;"))
        #expect(xml.contains("<InstdAmt Ccy=\"CHF\">20.00</InstdAmt>"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Pain001Tests.schema) && FileManager.default.isExecutableFile(atPath: Pain001Tests.xmllint)))
    func theFileValidatesAgainstTheISOSchema() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pain001-\(UUID().uuidString).xml")
        try Self.document().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.xmllint)
        process.arguments = ["--noout", "--schema", Self.schema, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
    }

    @Test func theSwissRulesAreCheckedBeforeWriting() throws {
        let all = try Self.transfers()
        #expect(all.allSatisfy { Pain001.problems(in: $0).isEmpty })
        var wrong = all[0]
        wrong.creditorAccount = "CH9300762011623852957"
        #expect(Pain001.problems(in: wrong).contains(PaymentProblem(.referenceType, .qrReferenceNeedsQRIBAN)))
        var free = all[1]
        free.amount = Amount(minorUnits: 0, decimals: 2)
        free.endToEndID = String(repeating: "x", count: 36)
        #expect(Pain001.problems(in: free).map(\.field) == [.amount, .reference])
        let day = try #require(CalendarDate(iso: "2026-11-26"))
        let batch = PaymentBatch(id: "P", debtorName: "A", debtorAccount: "CH9300762011623852958", executionDate: day, transfers: [all[1]])
        #expect(Pain001.problems(in: batch) == [PaymentProblem(.debitAccount, .checkDigit)])
    }
}
