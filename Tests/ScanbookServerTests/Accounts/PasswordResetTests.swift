import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct PasswordResetTests {
    /// Anna registered (signed in on `anna`), a fake relay, the app's clock in the test's hand.
    static func withReset(
        _ database: TestDatabase, mail: Bool = true,
        _ body: (Application, WebSession, FakeMailSender, MutableClock) async throws -> Void
    ) async throws {
        try await withScanbook(database, configure: { $0.publicURL = "https://scanbook.example.org" }) { app, _ in
            // Whole seconds: the limit's "try again in 60 minutes" is exact.
            let clock = MutableClock()
            app.clock = clock.appClock
            let mailer = FakeMailSender()
            if mail { app.mailSender = mailer }
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await body(app, anna, mailer, clock)
        }
    }

    @discardableResult
    static func askForLink(_ app: Application, email: String) async throws -> TestingHTTPResponse {
        let visitor = WebSession(app)
        try await visitor.get(AccountURL.forgotPassword.path)
        return try await visitor.post(AccountURL.forgotPassword.path, ["email": email])
    }

    static let sentAnswer = "If an account with this address exists, a mail with a link"

    @Test(arguments: TestDatabase.available)
    func theMailedLinkSetsAPasswordOnceAndSignsOutEverywhere(_ database: TestDatabase) async throws {
        try await Self.withReset(database) { app, anna, mailer, _ in
            #expect(try await WebSession(app).get(SiteURL.login.path).body.string.contains(AccountURL.forgotPassword.path))
            let asked = try await Self.askForLink(app, email: " ANNA@example.org ")
            #expect(asked.status == .ok)
            #expect(asked.body.string.contains(Self.sentAnswer))
            let mail = try #require(try await mailer.waitForMail().first)
            #expect(mail.to == "anna@example.org")
            #expect(mail.subject == "Scanbook: set a new password")
            #expect(mail.text.contains("https://scanbook.example.org/password/reset/"), "the public address, not the request's host")
            let path = try #require(FakeMailSender.resetPath(in: mail))
            let stored = try await PasswordReset.query(on: app.db).all()
            #expect(stored.count == 1)
            #expect(!stored[0].tokenHash.isEmpty && !path.contains(stored[0].tokenHash), "only the secret's hash is stored")

            let visitor = WebSession(app)
            #expect(try await visitor.get(path).body.string.contains("reset-form"))
            let differ = try await visitor.post(path, ["new": "Winter2026#", "confirm": "Winter2026$"])
            #expect(differ.status == .unprocessableEntity)
            let weak = try await visitor.post(path, ["new": "winter", "confirm": "winter"])
            #expect(weak.status == .unprocessableEntity)
            #expect(weak.body.string.contains("at least 8 characters"), "the registration's policy")
            let done = try await visitor.post(path, ["new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(done.status == .seeOther, "a refused password left the link working")
            #expect(done.headers.first(name: .location) == "/login?reset=done")
            #expect(try await visitor.get("/login?reset=done").body.string.contains("Your password has been set."))

            #expect(try await anna.get(SiteURL.settings.path).status == .seeOther, "Anna's other session ended")
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Sommer2025!").status == .unauthorized)
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Winter2026#").status == .seeOther)

            let again = try await WebSession(app).get(path)
            #expect(again.status == .notFound, "the link works once")
            #expect(again.body.string.contains("used already"))
            let reuse = try await visitor.post(path, ["new": "Herbst2027#", "confirm": "Herbst2027#"])
            #expect(reuse.status == .notFound)
            #expect(try await PasswordReset.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aLinkExpiresAfterAnHourAndANewerOneVoidsIt(_ database: TestDatabase) async throws {
        try await Self.withReset(database) { app, _, mailer, clock in
            try await Self.askForLink(app, email: "anna@example.org")
            let firstMail = try #require(try await mailer.waitForMail().first)
            let first = try #require(FakeMailSender.resetPath(in: firstMail))
            try await Self.askForLink(app, email: "anna@example.org")
            let second = try #require(FakeMailSender.resetPath(in: try await mailer.waitForMail(count: 2)[1]))
            #expect(first != second)
            #expect(try await WebSession(app).get(first).status == .notFound, "a newer link voids the older one")
            #expect(try await WebSession(app).get(second).status == .ok)
            #expect(try await WebSession(app).get("/password/reset/not-a-link").status == .notFound)

            clock.advance(by: 3_599)
            #expect(try await WebSession(app).get(second).status == .ok)
            clock.advance(by: 2)
            let visitor = WebSession(app)
            #expect(try await visitor.get(second).status == .notFound, "valid one hour")
            try await visitor.get(SiteURL.login.path)
            #expect(try await visitor.post(second, ["new": "Winter2026#", "confirm": "Winter2026#"]).status == .notFound)
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Sommer2025!").status == .seeOther)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anUnknownAddressGetsTheSameAnswerAndNoMail(_ database: TestDatabase) async throws {
        try await Self.withReset(database) { app, _, mailer, _ in
            let unknown = try await Self.askForLink(app, email: "nobody@example.org")
            #expect(unknown.status == .ok)
            #expect(unknown.body.string.contains(Self.sentAnswer))
            let malformed = try await Self.askForLink(app, email: "not an address")
            #expect(malformed.status == .ok)
            #expect(malformed.body.string.contains(Self.sentAnswer))
            try await Task.sleep(for: .milliseconds(200))
            #expect(mailer.sent.isEmpty)
            #expect(try await PasswordReset.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func withoutARelayThePageSendsPeopleToTheAdministrator(_ database: TestDatabase) async throws {
        try await Self.withReset(database, mail: false) { app, _, mailer, _ in
            let page = try await WebSession(app).get(AccountURL.forgotPassword.path)
            #expect(page.body.string.contains("Please ask the administrator"))
            #expect(!page.body.string.contains("forgot-form"))
            let asked = try await Self.askForLink(app, email: "anna@example.org")
            #expect(asked.body.string.contains("Please ask the administrator"))
            #expect(try await PasswordReset.query(on: app.db).count() == 0, "no link is made")
            #expect(mailer.sent.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func askingIsLimitedPerAddressWhetherOrNotItHasAnAccount(_ database: TestDatabase) async throws {
        try await Self.withReset(database) { app, _, mailer, clock in
            for address in ["anna@example.org", "nobody@example.org"] {
                for _ in 0..<PasswordResetService.perAddressPerHour {
                    #expect(try await Self.askForLink(app, email: address).status == .ok)
                }
                let refused = try await Self.askForLink(app, email: address)
                #expect(refused.status == .tooManyRequests, "the same for \(address)")
                #expect(refused.body.string.contains("Too many requests for a new password. Please try again in 60 minutes."))
            }
            #expect(try await mailer.waitForMail(count: 3).count == 3)
            clock.advance(by: 3_601)
            #expect(try await Self.askForLink(app, email: "anna@example.org").status == .ok)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theMailIsInTheAccountsLanguage(_ database: TestDatabase) async throws {
        try await Self.withReset(database) { app, anna, mailer, _ in
            try await anna.get(SiteURL.settings.path)
            try await anna.post(SiteURL.language.path, ["lang": "de"])
            try await Self.askForLink(app, email: "anna@example.org")
            let mail = try #require(try await mailer.waitForMail().first)
            #expect(mail.subject == "Scanbook: neues Passwort festlegen")
            #expect(mail.text.hasPrefix("Hallo Anna Muster"))
        }
    }
}
