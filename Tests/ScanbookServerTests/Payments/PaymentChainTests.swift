import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 44, done when: the whole chain on SQLite and PostgreSQL. A QR-bill photo is read, paid
/// and signed, written to a pain.001 file, booked by a camt.054 for that file; a second statement
/// returns one payment; a QR-bill the user issues is drawn as PNG, read back like any photo, and
/// paid (in two parts) by camt.053 credits.
@Suite struct PaymentChainTests {
    static func read(_ api: APIClient, _ app: Application, photo: FormFile) async throws -> Slip {
        let sent = try await api.upload(.POST, PaymentsAPIRoute.slips, files: [("photo", photo)])
        #expect(sent.status == .accepted, "\(sent.body.string)")
        let queued = try sent.content.decode(SlipReadingDTO.self)
        _ = try await app.waitForCapture(queued.id)
        let read = try await api.send(.GET, PaymentsAPIRoute.slip(id: queued.id)).content.decode(SlipReadingDTO.self)
        return try #require(read.slips?.first, "\(read.error ?? "no slip")")
    }

    /// `scanbook slip --json` on a picture, as a user runs it; the command is built with the tests.
    static func scanbookSlip(_ picture: [UInt8]) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bill-\(UUID().uuidString).png")
        try Data(picture).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await ExternalProgram.run(ExternalProgram.scanbook, ["slip", file.path, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        return run.output
    }

    static func credit(_ amount: String, bankReference: String, creditorReference: String, version: String) -> String {
        BankStatementTests.entry(amount, "CRDT", reference: bankReference, version: version)
            .replacingOccurrences(of: "<NtryDtls></NtryDtls>", with: "<NtryDtls><TxDtls><Amt Ccy=\"CHF\">\(amount)</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>"
                + "<Ref>\(creditorReference)</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls>")
    }

    @Test(arguments: TestDatabase.available)
    func aBillIsFollowedFromThePhotoToTheBanksBookingAndOwnBillsArePaidBack(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            app.startCaptureWorkers()
            let (api, account, secret, clock) = try await SignatureBindingTests.start(app)

            // A QR-bill photo read, a payment made from what was read, and signed.
            let slip = try await Self.read(api, app, photo: try PaymentFlowTests.qrBillPhoto())
            #expect(slip.amount == "1949.75" && slip.referenceType == "QRR")
            let form = PaymentForm(
                kind: "qr-bill", debitAccount: account.id, beneficiaryName: slip.creditor?.name, beneficiaryStreet: slip.creditor?.street,
                beneficiaryBuildingNumber: slip.creditor?.buildingNumber, beneficiaryPostalCode: slip.creditor?.postalCode, beneficiaryTown: slip.creditor?.town,
                beneficiaryCountry: slip.creditor?.country, beneficiaryAccount: slip.account, amount: slip.amount, currency: slip.currency,
                referenceType: slip.referenceType, reference: slip.reference, executionDate: app.isoDay(0)
            )
            let created = try await api.send(.POST, PaymentsAPIRoute.payments, json: form)
            #expect(created.status == .created, "\(created.body.string)")
            let bill = try created.content.decode(PaymentDTO.self)
            #expect(try await SignatureBindingTests.sign(api, bill, secret: secret, clock: clock).status == .ok)
            let other = try await SignatureBindingTests.pay(api, account, amount: "25.00", on: app)
            #expect(try await SignatureBindingTests.sign(api, other, secret: secret, clock: clock).status == .ok)

            // The pain.001 file written for both.
            let executed = try await SignatureBindingTests.execute(api, account, on: app).content.decode(PaymentExecutionDTO.self)
            #expect(executed.paymentCount == 2)
            let pain = try await api.send(.GET, PaymentsAPIRoute.file(id: executed.id)).body.string
            #expect(pain.contains(BankStatementTests.endToEnd(bill)) && pain.contains("<MsgId>\(executed.messageID)</MsgId>"))

            // The bank's camt.054 for that file books both as one collective entry.
            let notification = BankStatementTests.document("054", version: "08", entries: [
                BankStatementTests.entry("1974.75", "DBIT", reference: "BK-A", version: "08", batch: executed.messageID),
            ])
            let booked = try await BankStatementTests.send(api, notification).content.decode(StatementImportDTO.self)
            #expect(booked.booked == 2 && booked.unmatched.isEmpty, "\(booked.unmatched.map(\.reason))")
            let bookedBill = try await api.send(.GET, PaymentsAPIRoute.payment(id: bill.id)).content.decode(PaymentDTO.self)
            #expect(bookedBill.state == "booked" && bookedBill.bookedOn == "2026-11-30" && bookedBill.bankReference == "BK-A")

            // A second statement returns one of them: rejected, with the reason in Anna's language.
            let statement = BankStatementTests.document("053", version: "04", entries: [
                BankStatementTests.entry("25.00", "CRDT", reference: "BK-B", version: "04", reversal: true, endToEnd: BankStatementTests.endToEnd(other), returnReason: "AC04"),
            ])
            #expect(try await BankStatementTests.send(api, statement).content.decode(StatementImportDTO.self).returned == 1)
            let returned = try await api.send(.GET, PaymentsAPIRoute.payment(id: other.id)).content.decode(PaymentDTO.self)
            #expect(returned.state == "rejected" && returned.rejectionReason?.contains("AC04") == true)
            #expect(try await api.send(.GET, PaymentsAPIRoute.payment(id: bill.id)).content.decode(PaymentDTO.self).state == "booked")

            // Each payment's life, in the API and on its page; the home page counts what needs a look.
            let today = String(app.isoDay(0))
            #expect(bookedBill.life?.map(\.step) == [.created, .signed, .inFile, .booked] && bookedBill.life?.allSatisfy(\.done) == true)
            #expect(bookedBill.life?.map(\.on) == [today, today, today, "2026-11-30"] && bookedBill.life?[2].detail == executed.messageID)
            #expect(returned.life?.map(\.step) == [.created, .signed, .inFile, .rejected] && returned.life?.last?.detail?.contains("AC04") == true)
            let page = try await anna.get(PaymentsURL.payment(id: other.id).path).body.string
            #expect(page.contains(#"id="payment-life""#) && page.contains("life-step done life-rejected") && page.contains(executed.messageID))
            #expect(try await anna.get("/").body.string.contains("1 rejected"))

            // Anna issues a QR-bill on her IBAN: a creditor reference made from its number.
            let issue = IssuedBillForm(account: account.id, language: "de", creditorName: "Anna Muster", creditorStreet: "Seeweg", creditorBuildingNumber: "4",
                                       creditorPostalCode: "8800", creditorTown: "Thalwil", creditorCountry: "CH", debtorName: "Verein Seeblick",
                                       debtorPostalCode: "8802", debtorTown: "Kilchberg", debtorCountry: "CH", amount: "100.00", message: "Mitgliederbeitrag 2027")
            let issuedResponse = try await api.send(.POST, PaymentsAPIRoute.bills, json: issue)
            #expect(issuedResponse.status == .created, "\(issuedResponse.body.string)")
            let issued = try issuedResponse.content.decode(IssuedBillDTO.self)
            let reference = try #require(issued.reference)
            #expect(issued.number == 1 && issued.referenceType == "SCOR" && reference == "RF741" && issued.state == .open)
            #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "bill.create").count() == 1)

            // Drawn as PNG and read back like any photo of a bill.
            let png = try await api.send(.GET, PaymentsAPIRoute.billDocument(id: issued.id, format: .png))
            #expect(png.status == .ok && png.headers.contentType == .png)
            let readBack = try await Self.read(api, app, photo: FormFile(filename: "bill.png", contentType: "image/png", bytes: Array(png.body.readableBytesView)))
            #expect(readBack.account == account.iban && readBack.amount == "100.00" && readBack.reference == reference)
            #expect(readBack.creditor?.name == "Anna Muster" && readBack.debtor?.name == "Verein Seeblick" && readBack.message == "Mitgliederbeitrag 2027")
            let byCommand = try await Self.scanbookSlip(Array(png.body.readableBytesView))
            #expect(byCommand.contains(#""reference":"\#(reference)""#) && byCommand.contains(#""amount":"100.00""#), "\(byCommand)")
            let pdf = try await api.send(.GET, PaymentsAPIRoute.billDocument(id: issued.id, format: .pdf))
            #expect(pdf.headers.contentType == .pdf && pdf.body.string.hasPrefix("%PDF-"))

            // camt.053 credits with its reference: 60 first (partly paid), then 40 (paid).
            let firstPart = BankStatementTests.document("053", version: "08", entries: [Self.credit("60.00", bankReference: "BK-C", creditorReference: "rf74 1", version: "08")])
            #expect(try await BankStatementTests.send(api, firstPart).content.decode(StatementImportDTO.self).received == 1)
            #expect(try await api.send(.GET, PaymentsAPIRoute.bill(id: issued.id)).content.decode(IssuedBillDTO.self).state == .partlyPaid)
            let secondPart = BankStatementTests.document("053", version: "04", entries: [
                Self.credit("60.00", bankReference: "BK-C", creditorReference: reference, version: "04"),
                Self.credit("40.00", bankReference: "BK-D", creditorReference: reference, version: "04"),
                Self.credit("5.00", bankReference: "BK-E", creditorReference: "RF472", version: "04"),
            ])
            let paid = try await BankStatementTests.send(api, secondPart).content.decode(StatementImportDTO.self)
            #expect(paid.received == 1 && paid.alreadyImported == 1 && paid.unmatched.map(\.reason) == ["credit"])
            let settled = try await api.send(.GET, PaymentsAPIRoute.bill(id: issued.id)).content.decode(IssuedBillDTO.self)
            #expect(settled.state == .paid && settled.paidMinor == 10_000)
            #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "bill.paid").count() == 2)

            // The page lists it as paid.
            let list = try await anna.get(PaymentsURL.bills.path).body.string
            #expect(list.contains("status-paid") && list.contains("RF74 1"))
        }
    }
}
