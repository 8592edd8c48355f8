import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// The second factor: enrolment shown once, codes used once, wrong codes throttled, signatures
/// bound to what they cover, whitelists per user and global; on SQLite and PostgreSQL.
@Suite struct PaymentSigningTests {
    static func code(_ secret: String, at date: Date) throws -> String {
        let key = try #require(Base32.decode(secret.replacingOccurrences(of: " ", with: "")))
        return TOTP(secret: key, hmac: TOTPTests.sha1).code(at: Int64(date.timeIntervalSince1970))
    }

    /// Anna with an own account and an API client; the clock is the test's (starting now, so the
    /// web session stays valid).
    static func start(_ app: Application, clock: MutableClock) async throws -> (APIClient, PaymentAccountDTO) {
        app.clock = clock.appClock
        let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
        let account = try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH9300762011623852957", currency: "CHF", isDefault: true))
            .content.decode(PaymentAccountDTO.self)
        return (api, account)
    }

    static func bank(_ account: PaymentAccountDTO, to iban: String, amount: String, on app: Application) -> PaymentForm {
        PaymentForm(kind: "bank", debitAccount: account.id, beneficiaryName: "Max Muster", beneficiaryPostalCode: "8001", beneficiaryTown: "Zürich",
                    beneficiaryCountry: "CH", beneficiaryAccount: iban, amount: amount, referenceType: "NON", executionDate: app.isoDay(0))
    }

    @Test(arguments: TestDatabase.available)
    func aNewBeneficiaryIsSignedOnceAndChangingWhatWasSignedVoidsIt(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            let (api, account) = try await Self.start(app, clock: clock)
            let created = try await api.send(.POST, PaymentsAPIRoute.payments, json: Self.bank(account, to: "CH5604835012345678009", amount: "120", on: app))
            var payment = try created.content.decode(PaymentDTO.self)
            #expect(payment.signatureRequired && !payment.signed)
            #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: "123456")).status == .conflict, "no authenticator yet")

            let enrolment = try await api.send(.POST, PaymentsAPIRoute.authenticator).content.decode(EnrolmentDTO.self)
            #expect(enrolment.uri.hasPrefix("otpauth://totp/") && enrolment.uri.contains("secret=\(enrolment.secret)"))
            let stored = try #require(try await PaymentAuthenticator.query(on: app.db).first())
            #expect(stored.sealedSecret.hasPrefix("v1.") && !stored.sealedSecret.contains(enrolment.secret), "the secret is sealed")
            #expect(try await api.send(.POST, PaymentsAPIRoute.confirmAuthenticator, json: CodeForm(code: "000000")).status == .unprocessableEntity)
            let first = try Self.code(enrolment.secret, at: clock.appClock.now())
            #expect(try await api.send(.POST, PaymentsAPIRoute.confirmAuthenticator, json: CodeForm(code: first)).status == .noContent)
            #expect(try await api.send(.POST, PaymentsAPIRoute.authenticator).status == .conflict, "the secret is never shown again")
            let page = try await anna.get(PaymentsURL.authenticator.path).body.string
            #expect(!page.contains(enrolment.secret.prefix(8)) && page.contains("authenticator-state"))

            // The code that confirmed the enrolment is used up; the next step's code signs.
            #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: first)).status == .unprocessableEntity)
            clock.advance(by: 30)
            let second = try Self.code(enrolment.secret, at: clock.appClock.now())
            let signed = try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: second))
            #expect(signed.status == .ok)
            payment = try signed.content.decode(PaymentDTO.self)
            #expect(payment.signed)
            #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: second)).status == .conflict, "signed already")
            let whitelist = try await api.send(.GET, PaymentsAPIRoute.whitelist).content.decode([WhitelistEntryDTO].self)
            #expect(whitelist.map(\.account) == ["CH5604835012345678009"] && !whitelist[0].global)

            // Another beneficiary account: the signature no longer covers the payment.
            let redirected = try await api.send(.PUT, PaymentsAPIRoute.payment(id: payment.id), json: Self.bank(account, to: "DE89370400440532013000", amount: "120", on: app))
            payment = try redirected.content.decode(PaymentDTO.self)
            #expect(payment.signatureRequired && !payment.signed)
            let stale = try #require(try await Payment.find(payment.id, on: app.db))
            #expect(stale.signedDigest == nil)
            let refused = try await api.send(.POST, PaymentsAPIRoute.execute, json: ExecuteForm(account: account.id, date: app.isoDay(0)))
            #expect(refused.status == .unprocessableEntity, "an unsigned payment is not handed to the bank")

            let audit = try await api.send(.GET, PaymentsAPIRoute.audit).content.decode([AuditEntryDTO].self)
            #expect(Set(audit.map(\.action)).isSuperset(of: ["payment.create", "payment.sign", "payment.update", "authenticator.enrol"]))
            #expect(try await app.verifyAuditLog().brokenAt == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func wrongCodesAreThrottledAndTheWindowPasses(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let clock = MutableClock(start: Date())
            let (api, account) = try await Self.start(app, clock: clock)
            let enrolment = try await api.send(.POST, PaymentsAPIRoute.authenticator).content.decode(EnrolmentDTO.self)
            #expect(try await api.send(.POST, PaymentsAPIRoute.confirmAuthenticator, json: CodeForm(code: try Self.code(enrolment.secret, at: clock.appClock.now()))).status == .noContent)
            let payment = try await api.send(.POST, PaymentsAPIRoute.payments, json: Self.bank(account, to: "CH5604835012345678009", amount: "5", on: app))
                .content.decode(PaymentDTO.self)
            clock.advance(by: 60)
            for _ in 0..<PaymentSigning.wrongCodesAllowed {
                #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: "999999")).status == .unprocessableEntity)
            }
            let right = try Self.code(enrolment.secret, at: clock.appClock.now())
            #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: right)).status == .tooManyRequests)
            clock.advance(by: PaymentSigning.throttleWindow + 1)
            let later = try Self.code(enrolment.secret, at: clock.appClock.now())
            #expect(try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: later)).status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func parallelGuessesCannotPassTheThrottle(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            let clock = MutableClock(start: Date())
            let (api, account) = try await Self.start(app, clock: clock)
            _ = try await api.enrolAuthenticator(clock: clock)
            let payment = try await api.send(.POST, PaymentsAPIRoute.payments, json: Self.bank(account, to: "CH5604835012345678009", amount: "5", on: app))
                .content.decode(PaymentDTO.self)
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for guess in 0..<16 {
                    group.addTask { try await api.send(.POST, PaymentsAPIRoute.sign(id: payment.id), json: CodeForm(code: String(format: "%06d", 100_000 + guess))).status }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unprocessableEntity }.count <= PaymentSigning.wrongCodesAllowed, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .unprocessableEntity || $0 == .tooManyRequests }, "\(statuses)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theGlobalWhitelistIsKeptByAdministratorsAndPersonalOnesArePrivate(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            let (annaAPI, _) = try await Self.start(app, clock: clock)
            var global = WhitelistForm(account: "01-162-8", name: "Stadtwerke", postalCode: "8000", town: "Zürich", country: "CH", clearingNumber: "700", bankName: "ZKB")
            #expect(try await annaAPI.send(.POST, PaymentsAPIRoute.globalWhitelist, json: global).status == .conflict, "no authenticator yet")
            let secret = try await annaAPI.enrolAuthenticator(clock: clock)
            global.code = try freshCode(secret, clock: clock)
            let added = try await annaAPI.send(.POST, PaymentsAPIRoute.globalWhitelist, json: global)
            #expect(added.status == .created, "Anna registered first and administers")
            let globalEntry = try added.content.decode(WhitelistEntryDTO.self)
            #expect(globalEntry.global && globalEntry.account == "010001628")
            let personal = try await annaAPI.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: "CH56 0483 5012 3456 7800 9", name: "Max Muster", code: try freshCode(secret, clock: clock)))
                .content.decode(WhitelistEntryDTO.self)
            #expect(try await annaAPI.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: "CH5604835012345678009", name: "Max", code: try freshCode(secret, clock: clock))).status == .conflict)
            let wrong = try await annaAPI.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: "CH5604835012345678008", name: "Max"))
            #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("check digit"))

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.POST, PaymentsAPIRoute.globalWhitelist, json: global).status == .forbidden)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.whitelistEntry(id: globalEntry.id)).status == .forbidden)
            #expect(try await benAPI.send(.DELETE, PaymentsAPIRoute.whitelistEntry(id: personal.id)).status == .notFound)
            #expect(try await ben.post(PaymentsURL.globalWhitelist.path, ["account": "01-162-8", "name": "X"]).status == .forbidden)
            #expect(try await ben.post(PaymentsURL.deleteWhitelistEntry(id: personal.id).path).status == .notFound)
            let seen = try await benAPI.send(.GET, PaymentsAPIRoute.whitelist).content.decode([WhitelistEntryDTO].self)
            #expect(seen.map(\.id) == [globalEntry.id])

            // Ben's payment to the global entry needs no signature; Anna's to her own entry neither.
            let benAccount = try await benAPI.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Konto", iban: "CH5604835012345678009", currency: "CHF", isDefault: true))
                .content.decode(PaymentAccountDTO.self)
            let slip = PaymentForm(kind: "esr", debitAccount: benAccount.id, beneficiaryAccount: "01-162-8", amount: "3949.75",
                                   reference: "120000000000234478943216899", executionDate: app.isoDay(0))
            let payment = try await benAPI.send(.POST, PaymentsAPIRoute.payments, json: slip).content.decode(PaymentDTO.self)
            #expect(!payment.signatureRequired)
            let whitelistPage = try await anna.get(PaymentsURL.whitelist.path).body.string
            #expect(whitelistPage.contains("Stadtwerke"), "\(whitelistPage.prefix(3000))")
            #expect(try await annaAPI.send(.DELETE, PaymentsAPIRoute.whitelistEntry(id: globalEntry.id)).status == .noContent)
        }
    }
}
