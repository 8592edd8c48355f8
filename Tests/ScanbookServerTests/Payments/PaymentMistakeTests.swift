import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// The payment pages catch a person's mistakes (issue 47, item 2): each problem beside its field,
/// typed values kept, the reference type the bill implies, a likely duplicate asked about, a file
/// for the bank shown before it is written, a mistyped authenticator code typed again, and the
/// audit log in words. On SQLite and PostgreSQL.
@Suite struct PaymentMistakeTests {
    static let privatkonto = ["name": "Privatkonto", "iban": "CH93 0076 2011 6238 5295 7"]

    /// Anna with one account, whitelisted for Schneider (so his payments need no signature).
    static func start(_ app: Application, _ anna: WebSession) async throws -> (account: PaymentAccount, secret: String, clock: MutableClock) {
        let clock = MutableClock(start: Date())
        app.clock = clock.appClock
        let secret = try await APIClient(app: app, token: try await app.apiToken(email: "anna@example.org")).enrolAuthenticator(clock: clock)
        try await anna.get(PaymentsURL.index.path)
        #expect(try await anna.post(PaymentsURL.accounts.path, privatkonto).status == .seeOther)
        let whitelisted = try await anna.post(PaymentsURL.whitelist.path, [
            "account": "CH44 3199 9123 0008 8901 2", "name": "Robert Schneider AG", "town": "Biel", "country": "CH", "code": try freshCode(secret, clock: clock),
        ])
        #expect(whitelisted.status == .seeOther)
        return (try #require(try await PaymentAccount.query(on: app.db).first()), secret, clock)
    }

    static func schneider(_ account: PaymentAccount, on app: Application, changing changes: [String: String] = [:]) throws -> [String: String] {
        var fields = PaymentFlowTests.schneider
        fields["debitAccount"] = try account.requireID().uuidString
        fields["executionDate"] = app.isoDay(1)
        fields.merge(changes) { $1 }
        return fields
    }

    @Test(arguments: TestDatabase.available)
    func eachProblemStandsBesideItsFieldAndTypedValuesStay(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (account, _, _) = try await Self.start(app, anna)
            let refused = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["amount": "", "beneficiaryPostalCode": "25x01234567890123"]))
            let page = refused.body.string
            #expect(refused.status == .unprocessableEntity)
            #expect(page.contains(#"name="amount" aria-invalid="true" aria-describedby="error-amount""#) && page.contains(#"id="error-amount""#))
            #expect(page.contains(#"name="beneficiaryPostalCode" aria-invalid="true""#) && page.contains(#"value="25x01234567890123""#))
            #expect(!page.contains(#"name="beneficiaryTown" aria-invalid"#), "a right field is not marked")
            #expect(!page.contains(#"<p class="error" role="alert">"#), "nothing at the top that belongs to a field")
            #expect(try await Payment.query(on: app.db).count() == 0)
            // A kind that does not exist is refused, not paid as a bank payment.
            let unknownKind = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["kind": "__not_in_enum__"]))
            #expect(unknownKind.status == .unprocessableEntity && unknownKind.body.string.contains("kind of payment"))
            #expect(try await Payment.query(on: app.db).count() == 0)

            // A wrong IBAN in the add-account form keeps what was typed, marked.
            let typo = try await anna.post(PaymentsURL.accounts.path, ["name": "Sparkonto", "iban": "CH93 0076 2011 6238 5295 8", "currency": "CHF"])
            let again = typo.body.string
            #expect(typo.status == .unprocessableEntity)
            #expect(again.contains(#"value="CH93 0076 2011 6238 5295 8""#) && again.contains(#"value="Sparkonto""#))
            #expect(again.contains(#"id="error-accountIBAN""#) && again.contains(#"aria-describedby="error-accountIBAN""#))
            #expect(try await PaymentAccount.query(on: app.db).count() == 1)
        }
    }

    @Test func theReferenceTypeFollowsTheBill() {
        func inferred(_ account: String, _ type: String, _ reference: String) -> String {
            PaymentDraft(kind: .qrBill, debitAccount: "", beneficiaryAccount: account, amount: "1", referenceType: type, reference: reference, executionDate: "").inferredReferenceType
        }
        #expect(inferred("CH44 3199 9123 0008 8901 2", "NON", "") == "QRR", "a QR-IBAN takes QR references")
        #expect(inferred("CH93 0076 2011 6238 5295 7", "NON", "RF18 5390 0754 7034") == "SCOR")
        #expect(inferred("CH93 0076 2011 6238 5295 7", "", "21 00000 00003 13947 14300 09017") == "QRR")
        #expect(inferred("CH93 0076 2011 6238 5295 7", "NON", "") == "NON")
        #expect(inferred("CH93 0076 2011 6238 5295 7", "NON", "123") == "NON", "a short number is no QR reference: the check names it")
        #expect(inferred("CH44 3199 9123 0008 8901 2", "SCOR", "RF18 5390 0754 7034") == "SCOR", "a type chosen is kept")
    }

    @Test(arguments: TestDatabase.available)
    func aBillPaidAgainIsAskedAboutAndPaidOnlyWhenConfirmed(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (account, _, _) = try await Self.start(app, anna)
            // Left at "No reference": the QR-IBAN and the reference make it a QR reference.
            #expect(try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["referenceType": "NON"])).status == .seeOther)
            #expect(try await Payment.query(on: app.db).first()?.referenceType == "QRR")

            let again = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app))
            #expect(again.status == .conflict)
            #expect(again.body.string.contains("You already have a payment for this bill: Robert Schneider AG, CHF 1949.75"))
            #expect(again.body.string.contains(#"name="duplicateConfirmed""#))
            #expect(try await Payment.query(on: app.db).count() == 1)

            // The same payee and amount with another reference within 30 days: asked too.
            let sameAmount = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["reference": "", "referenceType": "NON", "kind": "bank", "beneficiaryAccount": "CH56 0483 5012 3456 7800 9"]))
            #expect(sameAmount.status == .seeOther, "another payee's account is no duplicate")
            let samePayee = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["reference": "", "referenceType": "NON", "kind": "bank", "beneficiaryAccount": "CH56 0483 5012 3456 7800 9"]))
            #expect(samePayee.status == .conflict && samePayee.body.string.contains("You already paid Robert Schneider AG CHF 1949.75"))

            let confirmed = try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: ["duplicateConfirmed": "1"]))
            #expect(confirmed.status == .seeOther)
            #expect(try await Payment.query(on: app.db).count() == 3)

            // The API makes the payment a client asked for, and names the one it probably repeats.
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let dto = try PaymentAccountDTO(account)
            let first = try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(dto, to: "CH5604835012345678009", amount: "77.70", on: app))
            #expect(first.status == .created)
            #expect(try first.content.decode(PaymentDTO.self).possibleDuplicate == nil, "the first payment repeats nothing, itself included")
            let repeated = try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(dto, to: "CH5604835012345678009", amount: "77.70", on: app))
            #expect(repeated.status == .created)
            let warning = try #require(try repeated.content.decode(PaymentDTO.self).possibleDuplicate)
            #expect(warning.payment == (try first.content.decode(PaymentDTO.self)).id && warning.reason == .samePayeeAndAmount)
            #expect(try await Payment.query(on: app.db).count() == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aFileIsWrittenOnlyWithThePaymentsThePersonSaw(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (account, _, _) = try await Self.start(app, anna)
            let accountID = try account.requireID()
            #expect(try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app)).status == .seeOther)
            #expect(try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: [
                "amount": "100.05", "reference": "21 00000 00003 13947 14300 09025", "duplicateConfirmed": "1",
            ])).status == .seeOther)
            let preview = try await anna.post(PaymentsURL.execute.path, ["account": accountID.uuidString, "date": app.isoDay(1)])
            let page = preview.body.string
            #expect(preview.status == .ok && page.contains("2 payments, CHF 2049.80") && page.contains("Send 2 payments, CHF 2049.80"))
            #expect(try await PaymentFile.query(on: app.db).count() == 0)
            let shown = page.matches(of: /name="payments\[\]" value="([0-9A-F-]{36})"/).map { "payments%5B%5D=\($0.1)" }
            #expect(shown.count == 2)

            // A payment added after the preview stays out; one deleted since refuses the file and shows the day again.
            #expect(try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app, changing: [
                "amount": "7.00", "reference": "21 00000 00003 13947 14300 09030", "duplicateConfirmed": "1",
            ])).status == .seeOther)
            let deleted = try #require(try await Payment.query(on: app.db).filter(\.$amountMinor == 10_005).first())
            try await deleted.delete(on: app.db)
            let stale = try await anna.postRaw(PaymentsURL.execute.path, (["account=\(accountID.uuidString)", "date=\(app.isoDay(1))", "confirmed=1"] + shown).joined(separator: "&"))
            #expect(stale.status == .conflict && stale.body.string.contains("changed since they were shown") && stale.body.string.contains("2 payments, CHF 1956.75"))
            #expect(try await PaymentFile.query(on: app.db).count() == 0)

            let sent = try await PaymentFlowTests.sendToBank(anna, account: accountID, date: app.isoDay(1), expecting: ["Robert Schneider AG", "Robert Schneider AG"], summary: "2 payments, CHF 1956.75")
            #expect(sent.status == .seeOther)
            let file = try #require(try await PaymentFile.query(on: app.db).first())
            #expect(file.paymentCount == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aMistypedCodeWhileSettingUpTheAuthenticatorCanBeTypedAgain(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            app.clock = clock.appClock
            try await anna.get(PaymentsURL.authenticator.path)
            let started = try await anna.post(PaymentsURL.startEnrolment.path)
            let shown = try #require(started.body.string.firstMatch(of: /id="authenticator-secret">([A-Z2-7 ]+)</)).1
            let secret = shown.filter { $0 != " " }
            let wrong = try await anna.post(PaymentsURL.confirmEnrolment.path, ["code": "000000"])
            let page = wrong.body.string
            #expect(wrong.status != .seeOther)
            #expect(page.contains(#"id="authenticator-awaiting""#) && page.contains(#"id="authenticator-confirm""#))
            #expect(!page.contains(#"id="authenticator-secret""#), "the key is shown once, not again")
            let right = try await anna.post(PaymentsURL.confirmEnrolment.path, ["code": try freshCode(String(secret), clock: clock)])
            #expect(right.status == .seeOther)
            #expect(try await PaymentAuthenticator.query(on: app.db).first()?.isConfirmed == true)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAuditLogSaysWhatChangedInWords(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let (account, _, _) = try await Self.start(app, anna)
            #expect(try await anna.post(PaymentsURL.index.path, try Self.schneider(account, on: app)).status == .seeOther)
            let payment = try #require(try await Payment.query(on: app.db).first())
            try await anna.get(PaymentsURL.payment(id: payment.id).path)
            #expect(try await anna.post(PaymentsURL.payment(id: payment.id).path, try Self.schneider(account, on: app, changing: ["amount": "1950.00"])).status == .seeOther)
            let audit = try await anna.get(PaymentsURL.audit.path).body.string
            #expect(audit.contains("Payment created") && audit.contains("Payment changed") && audit.contains("Account added"))
            #expect(audit.contains("Robert Schneider AG · CHF 1950.00"))
            #expect(audit.contains("<li>Amount: 1949.75 → 1950.00</li>"))
            #expect(!audit.contains("payment.update"), "no raw action names")
        }
    }
}
