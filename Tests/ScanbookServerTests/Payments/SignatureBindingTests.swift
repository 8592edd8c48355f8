import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 40, part 1: a signature covers exactly what the bank receives, whitelisting by signing
/// covers a beneficiary only up to a limit, and execution re-checks every payment in the
/// transaction that writes the file; on SQLite and PostgreSQL.
@Suite struct SignatureBindingTests {
    static let stranger = "CH5604835012345678009"

    /// Anna with an account, an enrolled authenticator and the API; the test's clock.
    static func start(_ app: Application) async throws -> (APIClient, PaymentAccountDTO, secret: String, MutableClock) {
        let clock = MutableClock(start: Date())
        let (api, account) = try await PaymentSigningTests.start(app, clock: clock)
        let secret = try await api.enrolAuthenticator(clock: clock)
        return (api, account, secret, clock)
    }

    /// A Swiss IBAN with a right check (ISO 7064 mod 97-10) for a 17-digit BBAN: a beneficiary
    /// no whitelist has seen.
    static func swissIBAN(bban: String) -> String {
        let digits = bban + "1217" + "00" // C = 12, H = 17, check digits 00
        let remainder = digits.reduce(0) { ($0 * 10 + Int(String($1))!) % 97 }
        return "CH" + String(format: "%02d", 98 - remainder) + bban
    }

    static func pay(_ api: APIClient, _ account: PaymentAccountDTO, to iban: String = stranger, amount: String, on app: Application) async throws -> PaymentDTO {
        let response = try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(account, to: iban, amount: amount, on: app))
        #expect(response.status == .created, "\(response.body.string)")
        return try response.content.decode(PaymentDTO.self)
    }

    static func sign(_ api: APIClient, _ payment: PaymentDTO, secret: String, clock: MutableClock, shown: String? = nil) async throws -> TestingHTTPResponse {
        try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: try freshCode(secret, clock: clock), contentDigest: shown))
    }

    static func execute(_ api: APIClient, _ account: PaymentAccountDTO, on app: Application) async throws -> TestingHTTPResponse {
        try await api.send(.POST, PaymentsAPIRoute.execute, json: ExecuteForm(account: account.id, date: app.isoDay(0)))
    }

    @Test(arguments: TestDatabase.available)
    func aSignedPaymentChangedAfterwardsIsNeitherSignedNorReleased(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            let payment = try await Self.pay(api, account, amount: "100.00", on: app)
            #expect(payment.signatureRequired && !payment.signed)
            #expect(try await Self.sign(api, payment, secret: secret, clock: clock).status == .ok)

            // The same body with a larger amount: the signature is void and the need for one stays.
            let raised = try await api.send(.PUT, PaymentsAPIRoute.payment(id: payment.id), json: PaymentSigningTests.bank(account, to: Self.stranger, amount: "999999.99", on: app))
            let changed = try raised.content.decode(PaymentDTO.self)
            #expect(raised.status == .ok && changed.amount == "999999.99")
            #expect(changed.signatureRequired && !changed.signed, "the beneficiary's whitelisting by the signature does not cover a changed payment")
            let refused = try await Self.execute(api, account, on: app)
            #expect(refused.status == .unprocessableEntity)
            #expect(try await Payment.query(on: app.db).filter(\.$state == .executed).count() == 0)

            // Lowered again below the whitelist's limit: still waiting for its own signature.
            let lowered = try await api.send(.PUT, PaymentsAPIRoute.payment(id: payment.id), json: PaymentSigningTests.bank(account, to: Self.stranger, amount: "50.00", on: app))
                .content.decode(PaymentDTO.self)
            #expect(lowered.signatureRequired && !lowered.signed)

            // A message or the execution date is what the bank receives too.
            #expect(try await Self.sign(api, lowered, secret: secret, clock: clock).status == .ok)
            var form = PaymentSigningTests.bank(account, to: Self.stranger, amount: "50.00", on: app)
            form.message = "another message"
            let remessaged = try await api.send(.PUT, PaymentsAPIRoute.payment(id: payment.id), json: form).content.decode(PaymentDTO.self)
            #expect(!remessaged.signed && remessaged.signatureRequired)
        }
    }

    @Test(arguments: TestDatabase.available)
    func signingOnePaymentReleasesNoOtherAndTheWhitelistCoversOnlyUpToItsLimit(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            let hundred = try await Self.pay(api, account, amount: "100.00", on: app)
            let eight = try await Self.pay(api, account, amount: "8.00", on: app)
            let ten = try await Self.pay(api, account, amount: "10.00", on: app)
            #expect(try await Self.sign(api, ten, secret: secret, clock: clock).status == .ok)

            // The two made before the signature still wait for their own.
            for id in [hundred.id, eight.id] {
                let listed = try await api.send(.GET, PaymentsAPIRoute.payment(id: id)).content.decode(PaymentDTO.self)
                #expect(listed.signatureRequired && !listed.signed)
            }
            let executed = try await Self.execute(api, account, on: app)
            #expect(executed.status == .created)
            let outcome = try executed.content.decode(PaymentExecutionDTO.self)
            #expect(outcome.paymentCount == 1)
            #expect(Set(outcome.leftOut.map(\.payment)) == [hundred.id, eight.id])
            #expect(outcome.leftOut.allSatisfy { $0.reason == "unsigned" && $0.message.contains("Max Muster") })
            let file = try #require(try await PaymentFile.find(outcome.id, on: app.db))
            #expect(file.xml.contains("<InstdAmt Ccy=\"CHF\">10.00</InstdAmt>") && !file.xml.contains(">100.00<") && !file.xml.contains(">8.00<"))

            // Later payments to the whitelisted beneficiary: none needed up to 5,000, their own above.
            let small = try await Self.pay(api, account, amount: "5000.00", on: app)
            #expect(!small.signatureRequired)
            let large = try await Self.pay(api, account, amount: "5000.01", on: app)
            #expect(large.signatureRequired)
            let whitelist = try await api.send(.GET, PaymentsAPIRoute.whitelist).content.decode([WhitelistEntryDTO].self)
            #expect(whitelist.count == 1 && whitelist[0].limit == "5000.00" && whitelist[0].limitCurrency == "CHF")

            // Raising a limit takes a code, lowering it does not; the server's ceiling caps it.
            let entry = whitelist[0].id
            #expect(try await api.send(.PUT, PaymentsAPIRoute.whitelistEntry(id: entry), json: WhitelistLimitForm(limit: "8000")).status == .unprocessableEntity)
            #expect(try await api.send(.PUT, PaymentsAPIRoute.whitelistEntry(id: entry), json: WhitelistLimitForm(limit: "60000", code: try freshCode(secret, clock: clock))).status == .unprocessableEntity)
            let raised = try await api.send(.PUT, PaymentsAPIRoute.whitelistEntry(id: entry), json: WhitelistLimitForm(limit: "8000", code: try freshCode(secret, clock: clock)))
            let raisedEntry = try raised.content.decode(WhitelistEntryDTO.self)
            #expect(raised.status == .ok && raisedEntry.limit == "8000.00")
            #expect(!(try await Self.pay(api, account, amount: "7999.00", on: app)).signatureRequired)
            let lowered = try await api.send(.PUT, PaymentsAPIRoute.whitelistEntry(id: entry), json: WhitelistLimitForm(limit: "1000"))
            #expect(lowered.status == .ok)

            // Lowered under payments already made: they wait for a signature now, and nothing goes.
            #expect(try await Self.execute(api, account, on: app).status == .unprocessableEntity)
            let stillPending = try await api.send(.GET, PaymentsAPIRoute.payments).content.decode([PaymentDTO].self)
            let overTheNewLimit = stillPending.filter { $0.amount == "5000.00" || $0.amount == "7999.00" }
            #expect(overTheNewLimit.count == 2 && overTheNewLimit.allSatisfy { $0.signatureRequired })
        }
    }

    @Test(arguments: TestDatabase.available)
    func theServersCeilingCapsEveryWhitelistLimit(_ database: TestDatabase) async throws {
        try await withAnna(database, configure: { $0.whitelistCeilingHundredths = 300_000 }) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            let tooHigh = try await api.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: Self.stranger, name: "Max", limit: "5000", code: try freshCode(secret, clock: clock)))
            #expect(tooHigh.status == .unprocessableEntity && tooHigh.body.string.contains("3000.00"))
            let added = try await api.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: Self.stranger, name: "Max", code: try freshCode(secret, clock: clock)))
                .content.decode(WhitelistEntryDTO.self)
            #expect(added.limit == "3000.00", "the default limit is capped by the ceiling")
            #expect(!(try await Self.pay(api, account, amount: "3000.00", on: app)).signatureRequired)
            #expect((try await Self.pay(api, account, amount: "3000.05", on: app)).signatureRequired)
        }
    }

    /// The race: a signature and a change of the amount sent at the same moment, many
    /// times. Whichever runs first, the payment that ends at the changed amount is unsigned, the
    /// audit's signing entry says what was really signed, and execution never carries it.
    @Test(arguments: TestDatabase.available)
    func aSignatureRacingAChangeIsEitherOverwhatWasShownOrRefused(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            var signedFirst = 0, refused = 0
            for round in 0..<25 {
                let iban = Self.swissIBAN(bban: String(format: "04835012345%06d", round))
                let payment = try await Self.pay(api, account, to: iban, amount: "11.00", on: app)
                let code = try freshCode(secret, clock: clock)
                async let signing = api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: code, contentDigest: payment.contentDigest))
                async let changing = api.send(.PUT, PaymentsAPIRoute.payment(id: payment.id), json: PaymentSigningTests.bank(account, to: iban, amount: "500000.00", on: app))
                let (signed, changed) = try await (signing, changing)
                #expect(changed.status == .ok)
                #expect(signed.status == .ok || signed.status == .conflict, "\(signed.status) \(signed.body.string)")
                if signed.status == .ok { signedFirst += 1 } else { refused += 1 }
                let stored = try await api.send(.GET, PaymentsAPIRoute.payment(id: payment.id)).content.decode(PaymentDTO.self)
                #expect(stored.amount == "500000.00" && stored.signatureRequired && !stored.signed)
                let signings = try await AuditEntry.query(on: app.db).filter(\.$action == "payment.sign").filter(\.$subject == "payment \(payment.id)").all()
                #expect(signings.count == (signed.status == .ok ? 1 : 0))
                #expect(signings.allSatisfy { ($0.after ?? "").contains("\"amount\":\"11.00\"") }, "a signature's entry is of what was signed")
            }
            #expect(signedFirst + refused == 25)
            #expect(try await Self.execute(api, account, on: app).status == .unprocessableEntity)
            #expect(try await app.verifyAuditLog().brokenAt == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func executionLeavesOutAPaymentWhoseStoredContentIsNotWhatWasSigned(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            let tampered = try await Self.pay(api, account, amount: "20.00", on: app)
            let intact = try await Self.pay(api, account, to: "DE89370400440532013000", amount: "30.00", on: app)
            #expect(try await Self.sign(api, tampered, secret: secret, clock: clock).status == .ok)
            #expect(try await Self.sign(api, intact, secret: secret, clock: clock).status == .ok)
            // A change that bypasses the service (a row edited in the database).
            let row = try #require(try await Payment.find(tampered.id, on: app.db))
            row.amountMinor = 2_000_000
            try await row.save(on: app.db)

            let outcome = try await Self.execute(api, account, on: app).content.decode(PaymentExecutionDTO.self)
            #expect(outcome.paymentCount == 1)
            #expect(outcome.leftOut.map(\.payment) == [tampered.id] && outcome.leftOut.map(\.reason) == ["changed-since-signed"])
            #expect(try await Payment.find(tampered.id, on: app.db)?.state == .pending)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aSignatureSentForWhatThePageShowedIsRefusedWhenThePaymentChangedSince(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let (api, account, secret, clock) = try await Self.start(app)
            let shown = try await Self.pay(api, account, amount: "11.00", on: app)
            _ = try await api.send(.PUT, PaymentsAPIRoute.payment(id: shown.id), json: PaymentSigningTests.bank(account, to: Self.stranger, amount: "12.00", on: app))
            let refused = try await Self.sign(api, shown, secret: secret, clock: clock, shown: shown.contentDigest)
            #expect(refused.status == .conflict && refused.body.string.contains("changed after you opened it"))
            let current = try await api.send(.GET, PaymentsAPIRoute.payment(id: shown.id)).content.decode(PaymentDTO.self)
            #expect(try await Self.sign(api, current, secret: secret, clock: clock, shown: current.contentDigest).status == .ok)
        }
    }
}
