import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 40, part 2: an audit log that shows when its end was cut or its chain recomputed without
/// the server's key, and an entry for every change to money-related data; on SQLite and PostgreSQL.
@Suite struct AuditSealTests {
    /// Three payments after the account: four entries.
    static func fourEntries(_ app: Application) async throws -> APIClient {
        let (api, account) = try await PaymentSigningTests.start(app, clock: MutableClock(start: Date()))
        for amount in ["1", "2", "3"] {
            #expect(try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(account, to: "CH5604835012345678009", amount: amount, on: app)).status == .created)
        }
        let intact = try await app.verifyAuditLog()
        #expect(intact.brokenAt == nil && intact.entries == 4 && intact.sealedFrom == 1)
        return api
    }

    @Test(arguments: TestDatabase.available)
    func aChangedEntryBreaksTheChainWhereItWasChanged(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            _ = try await Self.fourEntries(app)
            let third = try #require(try await AuditEntry.query(on: app.db).filter(\.$sequence == 3).first())
            third.after = third.after?.replacingOccurrences(of: "\"2.00\"", with: "\"200.00\"")
            try await third.save(on: app.db)
            #expect(try await app.verifyAuditLog().brokenAt == 3)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deletingTheLastEntriesShowsAsACutEnd(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            _ = try await Self.fourEntries(app)
            try await AuditEntry.query(on: app.db).filter(\.$sequence >= 3).delete()
            let summary = try await app.verifyAuditLog()
            #expect(summary.brokenAt == 3)
            #expect(summary.reason?.contains("the end was cut: entries 3 to 4 are gone") == true, "\(summary.reason ?? "")")
            // Nothing more is appended past a cut end: the next entry would be 5, leaving the gap.
        }
    }

    @Test(arguments: TestDatabase.available)
    func aChainRecomputedWithoutTheKeyDoesNotVerify(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            _ = try await Self.fourEntries(app)
            // What someone with the database but not the key can do: rewrite entry 3, recompute
            // every hash after it, and move the head's hash along.
            let entries = try await AuditEntry.query(on: app.db).sort(\.$sequence).all()
            var previous = entries[1].hash
            for entry in entries[2...] {
                if entry.sequence == 3 { entry.after = entry.after?.replacingOccurrences(of: "\"2.00\"", with: "\"200.00\"") }
                entry.hash = AuditChain.hash(of: entry.chainedText, after: previous, sha256: AuditLog.sha256)
                entry.mac = nil
                try await entry.save(on: app.db)
                previous = entry.hash
            }
            let head = try #require(try await AuditHead.current(on: app.db))
            head.hash = previous
            try await head.save(on: app.db)
            let summary = try await app.verifyAuditLog()
            #expect(summary.brokenAt != nil, "the head's seal no longer verifies")

            // With a forged seal too (a key of the attacker's own), entry 3's seal fails.
            let forger = AuditSeal(box: SecretBox(current: SecretBox.newKey()))
            for entry in try await AuditEntry.query(on: app.db).filter(\.$sequence >= 3).all() {
                entry.mac = forger.seal(entry.hash)
                try await entry.save(on: app.db)
            }
            let forged = try await app.verifyAuditLog()
            #expect(forged.brokenAt != nil)
            // And nothing more is appended onto a head this server did not seal.
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let account = try await api.send(.GET, PaymentsAPIRoute.accounts).content.decode([PaymentAccountDTO].self)[0]
            let refused = try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(account, to: "CH5604835012345678009", amount: "4", on: app))
            #expect(refused.status == .serviceUnavailable && refused.body.string.contains("audit log"), "\(refused.status) \(refused.body.string)")
            #expect(try await Payment.query(on: app.db).count() == 3, "the change and its entry land together or not at all")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aLogFromBeforeSealsGetsItsHeadAndStaysVerifiable(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            _ = try await Self.fourEntries(app)
            // As the log was before this issue: no seals, no head.
            try await AuditHead.query(on: app.db).delete()
            for entry in try await AuditEntry.query(on: app.db).all() {
                entry.mac = nil
                try await entry.save(on: app.db)
            }
            try await app.migrateScanbook()
            let summary = try await app.verifyAuditLog()
            #expect(summary.brokenAt == nil && summary.entries == 4 && summary.sealedFrom == 5)
            // From then on a cut end shows.
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let account = try await api.send(.GET, PaymentsAPIRoute.accounts).content.decode([PaymentAccountDTO].self)[0]
            #expect(try await api.send(.POST, PaymentsAPIRoute.payments, json: PaymentSigningTests.bank(account, to: "CH5604835012345678009", amount: "5", on: app)).status == .created)
            try await AuditEntry.query(on: app.db).filter(\.$sequence == 5).delete()
            #expect(try await app.verifyAuditLog().brokenAt == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func rotatingTheKeyResealsTheLog(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            _ = try await Self.fourEntries(app)
            let before = AuditSeal(box: try await app.secretBox())
            _ = try await app.rotateSecrets()
            let box = try await app.secretBox()
            let after = AuditSeal(box: box)
            #expect(before.current.id != after.current.id, "the database's key was replaced")
            let summary = try await app.verifyAuditLog()
            #expect(summary.brokenAt == nil && summary.entries == 4, "\(summary.reason ?? "")")
            let sealed = try await AuditEntry.query(on: app.db).all().compactMap(\.mac)
            #expect(sealed.count == 4 && sealed.allSatisfy(after.isCurrent))
        }
    }

    @Test(arguments: TestDatabase.available)
    func everyChangeToMoneyRelatedDataWritesAnEntry(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let clock = MutableClock(start: Date())
            let (api, account) = try await PaymentSigningTests.start(app, clock: clock)
            let secret = try await api.enrolAuthenticator(clock: clock)
            let spare = try await api.send(.POST, PaymentsAPIRoute.accounts, json: PaymentAccountInput(name: "Spar", iban: "CH5604835012345678009", currency: "CHF", isDefault: false))
                .content.decode(PaymentAccountDTO.self)
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.account(id: spare.id)).status == .noContent)
            let entry = try await api.send(.POST, PaymentsAPIRoute.whitelist, json: WhitelistForm(account: "DE89370400440532013000", name: "Max", code: try freshCode(secret, clock: clock)))
                .content.decode(WhitelistEntryDTO.self)
            #expect(try await api.send(.PUT, PaymentsAPIRoute.whitelistEntry(id: entry.id), json: WhitelistLimitForm(limit: "100")).status == .ok)
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.whitelistEntry(id: entry.id)).status == .noContent)
            let payment = try await SignatureBindingTests.pay(api, account, amount: "7.00", on: app)
            #expect(try await SignatureBindingTests.sign(api, payment, secret: secret, clock: clock).status == .ok)
            let template = try await api.send(.POST, PaymentsAPIRoute.templates, json: TemplateForm(name: "Rent")).content.decode(PaymentTemplateDTO.self)
            #expect(try await api.send(.PUT, PaymentsAPIRoute.template(id: template.id), json: TemplateForm(name: "Rent 2")).status == .ok)
            #expect(try await api.send(.DELETE, PaymentsAPIRoute.template(id: template.id)).status == .noContent)
            #expect(try await SignatureBindingTests.execute(api, account, on: app).status == .created)
            #expect(try await api.send(.POST, PaymentsAPIRoute.removeAuthenticator, json: CodeForm(code: try freshCode(secret, clock: clock))).status == .noContent)

            let actions = Set(try await AuditEntry.query(on: app.db).all().map(\.action))
            let expected: Set = [
                "account.add", "account.delete", "authenticator.enrol", "authenticator.remove", "whitelist.add", "whitelist.limit",
                "whitelist.delete", "whitelist.add.signing", "payment.create", "payment.sign", "template.create", "template.update",
                "template.delete", "payments.execute",
            ]
            #expect(actions.isSuperset(of: expected), "missing: \(expected.subtracting(actions))")
            #expect(try await app.verifyAuditLog().brokenAt == nil)
            let own = try await api.send(.GET, PaymentsAPIRoute.audit).content.decode([AuditEntryDTO].self)
            #expect(own.contains { $0.action == "whitelist.add.signing" })
            #expect(try await anna.get(PaymentsURL.audit.path).status == .ok)
        }
    }
}
