import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Own accounts, payments typed and read from a QR-bill photo, changes while pending, execution
/// into a pain.001 file; on SQLite and PostgreSQL.
@Suite struct PaymentFlowTests {
    static func qrBillPhoto() throws -> FormFile {
        FormFile(filename: "qr-bill.png", contentType: "image/png", bytes: try Fixtures.bytes("qr-bill.png"))
    }

    /// Sends a slip photo as the page does: it is stored and queued, the page waiting for it is
    /// where the answer points; that page once the worker is done.
    static func readSlip(_ photo: FormFile, by session: WebSession, on app: Application) async throws -> (capture: Capture, page: TestingHTTPResponse) {
        let sent = try await session.post(PaymentsURL.slip.path, files: ["photo": photo])
        #expect(sent.status == .seeOther)
        let location = try #require(sent.headers.first(name: .location))
        let id = try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
        #expect(location == PaymentsURL.slipReading(id: id).path)
        let capture = try await app.waitForCapture(id)
        #expect(capture.kind == .slip)
        return (capture, try await session.get(location))
    }

    static let schneider: [String: String] = [
        "kind": "qr-bill", "beneficiaryAccount": "CH44 3199 9123 0008 8901 2", "beneficiaryName": "Robert Schneider AG",
        "beneficiaryStreet": "Rue du Lac", "beneficiaryBuildingNumber": "1268", "beneficiaryPostalCode": "2501", "beneficiaryTown": "Biel",
        "beneficiaryCountry": "CH", "amount": "1'949.75", "currency": "CHF", "referenceType": "QRR", "reference": "21 00000 00003 13947 14300 09017",
        "message": "Rechnung 4711",
    ]

    /// "Send to the bank" as the page does it: the first tap shows the file's payments, count and
    /// sum and writes nothing; the confirmation, carrying the payments shown, writes the file.
    static func sendToBank(_ session: WebSession, account: UUID, date: String, expecting names: [String], summary: String) async throws -> TestingHTTPResponse {
        let files = try await PaymentFile.query(on: session.app.db).count()
        let preview = try await session.post(PaymentsURL.execute.path, ["account": account.uuidString, "date": date])
        let page = preview.body.string
        #expect(preview.status == .ok && page.contains(#"id="execute-confirm""#))
        #expect(names.allSatisfy(page.contains) && page.contains(summary), "the preview lists \(names) and says \(summary)")
        #expect(try await PaymentFile.query(on: session.app.db).count() == files, "showing what would be sent sends nothing")
        let ids = page.matches(of: /name="payments\[\]" value="([0-9A-F-]{36})"/).map { "payments%5B%5D=\($0.1)" }
        #expect(ids.count == names.count)
        return try await session.postRaw(PaymentsURL.execute.path, (["account=\(account.uuidString)", "date=\(date)", "confirmed=1"] + ids).joined(separator: "&"))
    }

    @Test(arguments: TestDatabase.available)
    func aPhotographedBillBecomesAPendingPaymentAndThenAFileForTheBank(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            app.startCaptureWorkers()
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            let secret = try await APIClient(app: app, token: try await app.apiToken(email: "anna@example.org")).enrolAuthenticator(clock: clock)
            try await anna.get(PaymentsURL.index.path)
            #expect(try await anna.post(PaymentsURL.accounts.path, ["name": "Privatkonto", "iban": "ch93 0076 2011 6238 5295 7"]).status == .seeOther)
            let account = try #require(try await PaymentAccount.query(on: app.db).first())
            #expect(account.iban == "CH9300762011623852957" && account.isDefault && account.currency == "CHF")

            // The photo is read as a capture job and fills the form; no payment is stored yet.
            let (capture, read) = try await Self.readSlip(try Self.qrBillPhoto(), by: anna, on: app)
            #expect(read.status == .ok && read.headers.first(name: "Refresh") == nil)
            #expect(capture.recognizedText == "Robert Schneider AG · CHF 1949.75 · 210000000003139471430009017", "the scan list names it")
            let page = read.body.string
            #expect(page.contains(#"value="CH4431999123000889012""#) && page.contains(#"value="1949.75""#) && page.contains("Robert Schneider AG"))
            #expect(try await Payment.query(on: app.db).count() == 0)

            var fields = Self.schneider
            fields["debitAccount"] = try account.requireID().uuidString
            fields["executionDate"] = app.isoDay(1)
            #expect(try await anna.post(PaymentsURL.index.path, fields).status == .seeOther)
            let payment = try #require(try await Payment.query(on: app.db).first())
            #expect(payment.amountMinor == 194_975 && payment.reference == "210000000003139471430009017" && payment.state == .pending)
            #expect(payment.beneficiaryAccount == "CH4431999123000889012")

            // A new beneficiary: the payment waits for a signature and execution leaves it pending;
            // whitelisting the beneficiary afterwards covers later payments, not this one.
            #expect(payment.signatureRequired)
            let waiting = try await anna.post(PaymentsURL.execute.path, ["account": try account.requireID().uuidString, "date": app.isoDay(1)])
            #expect(waiting.status == .unprocessableEntity && waiting.body.string.contains("A payment of that day waits for a signature"), "one payment: said in the singular")
            let withoutCode = try await anna.post(PaymentsURL.whitelist.path, ["account": "CH44 3199 9123 0008 8901 2", "name": "Robert Schneider AG", "town": "Biel", "country": "CH"])
            #expect(withoutCode.status == .unprocessableEntity, "whitelisting takes a code")
            let whitelisted = try await anna.post(PaymentsURL.whitelist.path, ["account": "CH44 3199 9123 0008 8901 2", "name": "Robert Schneider AG", "town": "Biel",
                                                                              "country": "CH", "code": try freshCode(secret, clock: clock)])
            #expect(whitelisted.status == .seeOther)
            let stillWaiting = try await anna.post(PaymentsURL.execute.path, ["account": try account.requireID().uuidString, "date": app.isoDay(1)])
            #expect(stillWaiting.status == .unprocessableEntity, "a payment that needed a signature keeps needing one")
            let shown = try await Payment.query(on: app.db).with(\.$debitAccount).first()?.contentDigest ?? ""
            let signed = try await anna.post(PaymentsURL.sign(id: payment.id).path, ["code": try freshCode(secret, clock: clock), "contentDigest": shown])
            #expect(signed.status == .seeOther)

            let executed = try await Self.sendToBank(anna, account: try account.requireID(), date: app.isoDay(1), expecting: ["Robert Schneider AG"], summary: "1 payment, CHF 1949.75")
            #expect(executed.status == .seeOther)
            let file = try #require(try await PaymentFile.query(on: app.db).first())
            #expect(file.paymentCount == 1)
            try await payment.$file.load(on: app.db)
            let reloaded = try #require(try await Payment.find(payment.id, on: app.db))
            #expect(reloaded.state == .executed && reloaded.$file.id == file.id)
            let download = try await anna.get(PaymentsURL.file(id: file.id).path)
            #expect(download.status == .ok && download.headers.contentType?.subType == "xml")
            let xml = download.body.string
            #expect(xml.contains("<MsgId>\(file.messageID)</MsgId>") && xml.contains("<Prtry>QRR</Prtry>") && xml.contains(#"<InstdAmt Ccy="CHF">1949.75</InstdAmt>"#))
            #expect(xml.contains("<IBAN>CH9300762011623852957</IBAN>") && xml.contains("<IBAN>CH4431999123000889012</IBAN>"))

            // Executed payments are kept as they went to the bank.
            let change = try await anna.post(PaymentsURL.payment(id: payment.id).path, fields)
            #expect(change.status == .conflict)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWrongFieldIsNamedWithItsCorrectionAndNothingIsStored(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let created = try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: nil, isDefault: nil))
            #expect(created.status == .created)
            let account = try created.content.decode(PaymentAccountDTO.self)
            var form = PaymentForm(kind: "bank", debitAccount: account.id, beneficiaryName: "Max Muster", beneficiaryPostalCode: "8001",
                                   beneficiaryTown: "Zürich", beneficiaryCountry: "CH", beneficiaryAccount: "CH9300762011623852957", amount: "20",
                                   referenceType: "SCOR", reference: "RF19 5390 0754 7034", executionDate: app.isoDay(0))
            let refused = try await api.send(.POST, PaymentsAPIRoute.payments, json: form)
            #expect(refused.status == .unprocessableEntity)
            let reason = try refused.content.decode(ErrorBody.self).reason
            #expect(reason.contains("Reference: the check digit does not match.") && reason.contains("RF18539007547034"), "\(reason)")
            #expect(try await Payment.query(on: app.db).count() == 0)

            form.reference = "RF18539007547034"
            let accepted = try await api.send(.POST, PaymentsAPIRoute.payments, json: form)
            #expect(accepted.status == .created)
            let payment = try accepted.content.decode(PaymentDTO.self)
            #expect(payment.amount == "20.00" && payment.state == "pending" && payment.referenceType == "SCOR")
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.account(id: account.id)).status == .conflict, "a pending payment uses it")
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.payment(id: payment.id)).status == .noContent)
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.account(id: account.id)).status == .noContent)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBrokenPhotoOrOneWithoutABillIsSaidSo(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            app.startCaptureWorkers()
            try await anna.get(PaymentsURL.index.path)
            try await anna.post(PaymentsURL.accounts.path, ["name": "Privatkonto", "iban": "CH9300762011623852957"])
            let bytes = try Fixtures.bytes("qr-bill.png")
            let truncated = FormFile(filename: "bill.png", contentType: "image/png", bytes: Array(bytes.prefix(bytes.count / 2)))
            // The header passes the upload check; reading the photo fails, for good.
            let broken = try await Self.readSlip(truncated, by: anna, on: app)
            #expect(broken.capture.status == .failed && broken.capture.attempts == 1)
            #expect(broken.page.status == .unprocessableEntity && broken.page.body.string.contains("could not be read"))
            let blank = FormFile(filename: "avatar.png", contentType: "image/png", bytes: try Fixtures.bytes("avatar.png"))
            let none = try await Self.readSlip(blank, by: anna, on: app)
            #expect(none.capture.status == .done)
            #expect(none.page.status == .unprocessableEntity)
            #expect(none.page.body.string.contains("No QR-bill and no valid codeline found"))
            let wrongType = try await anna.post(PaymentsURL.slip.path, files: ["photo": FormFile(filename: "bill.txt", contentType: "text/plain", bytes: Array("no photo".utf8))])
            let stored = try await Capture.query(on: app.db).count()
            #expect(wrongType.status == .unsupportedMediaType && stored == 2, "refused before anything is stored")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aSlipPhotoSentByAPIIsQueuedAndPolledLikeAnyCapture(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            app.startCaptureWorkers()
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let sent = try await api.upload(.POST, PaymentsAPIRoute.slips, files: [("photo", try Self.qrBillPhoto())])
            #expect(sent.status == .accepted)
            let queued = try sent.content.decode(SlipReadingDTO.self)
            #expect(sent.headers.first(name: .location) == PaymentsAPIRoute.slip(id: queued.id).path && queued.slips == nil)
            _ = try await app.waitForCapture(queued.id)
            let read = try await api.send(.GET, PaymentsAPIRoute.slip(id: queued.id)).content.decode(SlipReadingDTO.self)
            let slip = try #require(read.slips?.first)
            #expect(read.status == .done && read.slips?.count == 1)
            #expect(slip.kind == .qrBill && slip.account == "CH4431999123000889012" && slip.amount == "1949.75" && slip.creditor?.name == "Robert Schneider AG")
            #expect(try await Payment.query(on: app.db).count() == 0, "a photo alone never becomes a payment")

            // Another kind of capture is not a slip reading, and another person sees neither.
            let document = try await anna.uploadCapture(try Fixtures.documentPhoto(), kind: "document")
            #expect(try await api.send(.GET, PaymentsAPIRoute.slip(id: document)).status == .notFound)
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.slip(id: queued.id)).status == .notFound)
            #expect(try await ben.get(PaymentsURL.slipReading(id: queued.id).path).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherPersonsAccountsPaymentsAndFilesAreNotFound(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            let annaAPI = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let secret = try await annaAPI.enrolAuthenticator(clock: clock)
            let account = try await annaAPI.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true)).content.decode(PaymentAccountDTO.self)
            let entry = WhitelistForm(account: "CH4431999123000889012", name: "Robert Schneider AG", town: "Biel", country: "CH", code: try freshCode(secret, clock: clock))
            #expect(try await annaAPI.send(.POST, PaymentsAPIRoute.whitelist, json: entry).status == .created)
            let form = PaymentForm(kind: "qr-bill", debitAccount: account.id, beneficiaryName: "Robert Schneider AG", beneficiaryPostalCode: "2501",
                                   beneficiaryTown: "Biel", beneficiaryCountry: "CH", beneficiaryAccount: "CH4431999123000889012", amount: "10",
                                   referenceType: "QRR", reference: "210000000003139471430009017", executionDate: app.isoDay(0))
            let payment = try await annaAPI.send(.POST, PaymentsAPIRoute.payments, json: form).content.decode(PaymentDTO.self)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.payment(id: payment.id)).status == .notFound)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.payment(id: payment.id)).status == .notFound)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.account(id: account.id)).status == .notFound)
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.payments).content.decode([PaymentDTO].self).isEmpty)
            #expect(try await ben.get(PaymentsURL.payment(id: payment.id).path).status == .notFound)
            // Ben cannot debit Anna's account either.
            var stolen = form
            stolen.debitAccount = account.id
            #expect(try await benAPI.send(.POST, PaymentsAPIRoute.payments, json: stolen).status == .unprocessableEntity)
            let executed = try await annaAPI.send(.POST, PaymentsAPIRoute.execute, json: ExecuteForm(account: account.id, date: app.isoDay(0)))
            let file = try executed.content.decode(PaymentFileDTO.self)
            #expect(try await benAPI.send(.GET, PaymentsAPIRoute.file(id: file.id)).status == .notFound)
            #expect(try await annaAPI.send(.GET, PaymentsAPIRoute.file(id: file.id)).status == .ok)
            _ = anna
        }
    }
}

extension PaymentFlowTests {
    static func statusReport(messageID: String, rejecting endToEndID: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
          <CstmrPmtStsRpt>
            <GrpHdr><MsgId>BANK-1</MsgId><CreDtTm>2026-11-26T08:00:00</CreDtTm></GrpHdr>
            <OrgnlGrpInfAndSts><OrgnlMsgId>\(messageID)</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
            <OrgnlPmtInfAndSts>
              <OrgnlPmtInfId>\(messageID)-1</OrgnlPmtInfId><PmtInfSts>PART</PmtInfSts>
              <TxInfAndSts><OrgnlEndToEndId>\(endToEndID)</OrgnlEndToEndId><TxSts>RJCT</TxSts>
                <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Konto saldiert</AddtlInf></StsRsnInf></TxInfAndSts>
            </OrgnlPmtInfAndSts>
          </CstmrPmtStsRpt>
        </Document>
        """
    }

    @Test(arguments: TestDatabase.available)
    func theBanksStatusReportMarksRejectedPaymentsWithTheReason(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let secret = try await api.enrolAuthenticator(clock: clock)
            let account = try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true)).content.decode(PaymentAccountDTO.self)
            #expect(try await api.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: "CH5604835012345678009", name: "Max Muster", code: try freshCode(secret, clock: clock))).status == .created)
            var ids: [UUID] = []
            for amount in ["10", "20"] {
                let form = PaymentForm(kind: "bank", debitAccount: account.id, beneficiaryName: "Max Muster", beneficiaryPostalCode: "8001", beneficiaryTown: "Zürich",
                                       beneficiaryCountry: "CH", beneficiaryAccount: "CH5604835012345678009", amount: amount, referenceType: "NON", executionDate: app.isoDay(0))
                ids.append(try await api.send(.POST, PaymentsAPIRoute.payments, json: form).content.decode(PaymentDTO.self).id)
            }
            // A double-click: two executions at once make one file.
            let executions = try await withThrowingTaskGroup(of: TestingHTTPResponse.self) { group in
                for _ in 0..<2 { group.addTask { try await api.send(.POST, PaymentsAPIRoute.execute, json: ExecuteForm(account: account.id, date: app.isoDay(0))) } }
                return try await group.reduce(into: [TestingHTTPResponse]()) { $0.append($1) }
            }
            #expect(executions.map(\.status.code).sorted() == [201, 422])
            #expect(try await PaymentFile.query(on: app.db).count() == 1)
            let file = try #require(executions.first { $0.status == .created }).content.decode(PaymentFileDTO.self)
            let rejectedID = ids[1].uuidString.replacingOccurrences(of: "-", with: "")
            let report = Self.statusReport(messageID: file.messageID, rejecting: rejectedID)

            let applied = try await api.send(.POST, path: PaymentsAPIRoute.statusReports.path, body: report, contentType: "application/xml")
            #expect(applied.status == .ok)
            #expect(try applied.content.decode(StatusReportDTO.self).rejected == 1)
            let rejected = try await api.send(.GET, PaymentsAPIRoute.payment(id: ids[1])).content.decode(PaymentDTO.self)
            #expect(rejected.state == "rejected" && rejected.rejectionReason == "AC04 (account closed): Konto saldiert")
            #expect(try await api.send(.GET, PaymentsAPIRoute.payment(id: ids[0])).content.decode(PaymentDTO.self).state == "executed")
            #expect(try await anna.get(PaymentsURL.index.path).body.string.contains("AC04 (account closed)"))

            // The same report again changes nothing; the web form takes the file too.
            let again = try await anna.post(PaymentsURL.statusReport.path, files: ["report": FormFile(filename: "pain002.xml", contentType: "application/xml", bytes: Array(report.utf8))])
            #expect(again.status == .seeOther)
            #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "payment.reject").count() == 1)

            let notMine = try await api.send(.POST, path: PaymentsAPIRoute.statusReports.path, body: Self.statusReport(messageID: "SB-OTHER", rejecting: rejectedID), contentType: "application/xml")
            #expect(notMine.status == .unprocessableEntity)
            let notPain = try await api.send(.POST, path: PaymentsAPIRoute.statusReports.path, body: "<Document xmlns=\"urn:x\"/>", contentType: "application/xml")
            #expect(notPain.status == .unprocessableEntity)
            let broken = try await api.send(.POST, path: PaymentsAPIRoute.statusReports.path, body: "<Document", contentType: "application/xml")
            #expect(broken.status == .unprocessableEntity)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.POST, path: PaymentsAPIRoute.statusReports.path, body: report, contentType: "application/xml").status == .unprocessableEntity, "Anna's file is no file of Ben's")
        }
    }
}

private struct ErrorBody: Decodable {
    let reason: String
}

extension Application {
    /// The app clock's today plus `offset` days, as an ISO date.
    func isoDay(_ offset: Int) -> String {
        (clock.today.adding(days: offset) ?? clock.today).description
    }
}
