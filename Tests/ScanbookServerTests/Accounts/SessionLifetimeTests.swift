import Fluent
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct SessionLifetimeTests {
    @Test(arguments: TestDatabase.available)
    func visitorsGetNoSessionRowAndStillPassTheCSRFCheck(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let visitor = WebSession(app)
            try await visitor.get(SiteURL.login.path)
            try await visitor.get(SiteURL.register.path)
            try await visitor.post(SiteURL.language.path, ["lang": "de"])
            let wrong = try await visitor.post(SiteURL.login.path, ["email": "nobody@example.org", "password": "Sommer2025!"])
            #expect(wrong.status == .unauthorized, "the visitor's token was accepted")
            #expect(visitor.cookies["scanbook-session"] == nil)
            #expect(visitor.cookies["scanbook-csrf"] != nil)
            #expect(try await SignedInSession.query(on: app.db).count() == 0)

            // A stale or invented session cookie creates nothing either, and is cleared.
            visitor.cookies["scanbook-session"] = "no-such-session"
            try await visitor.get(SiteURL.login.path)
            #expect(visitor.cookies["scanbook-session"] == nil)
            #expect(try await SignedInSession.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionsEndWhenIdleAndAfterTheMaximumAgeAndArePurged(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.sessionIdleTimeout = 10 * 86_400; $0.sessionMaximumAge = 25 * 86_400 }) { app, _ in
            let clock = MutableClock()
            app.clock = clock.appClock
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            for _ in 0..<2 {
                clock.advance(by: 9 * 86_400)
                #expect(try await anna.get(SiteURL.settings.path).status == .ok, "used within the idle time")
            }
            clock.advance(by: 8 * 86_400)  // 26 days after sign-in, 8 after the last use
            #expect(try await anna.get(SiteURL.settings.path).status == .seeOther, "past the maximum age")
            #expect(try await SignedInSession.query(on: app.db).count() == 0, "the ended session's row is gone")

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            clock.advance(by: 11 * 86_400)
            #expect(try await app.runMaintenance().sessionsEnded == 1, "an idle session nobody visits is purged")
            #expect(try await ben.get(SiteURL.settings.path).status == .seeOther)
        }
    }

    @Test(arguments: TestDatabase.available)
    func changingThePasswordEndsOtherSessionsAndCanRevokeTokens(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let laptop = WebSession(app), phone = WebSession(app)
            try await laptop.register(email: "anna@example.org")
            try await phone.login(email: "anna@example.org", password: "Sommer2025!")
            let login = try await app.testing().sendRequest(.POST, APIRoute.login.path, beforeRequest: { request in
                try request.content.encode(LoginRequest(email: "anna@example.org", password: "Sommer2025!", tokenName: "script"))
            })
            let bearer: HTTPHeaders = ["Authorization": "Bearer \(try login.content.decode(CreatedTokenDTO.self).token)"]

            try await laptop.get(SiteURL.settings.path)
            let changed = try await laptop.post(SiteURL.changePassword.path, ["current": "Sommer2025!", "new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(changed.status == .seeOther)
            #expect(try await laptop.get(SiteURL.settings.path).status == .ok, "this browser stays signed in")
            #expect(try await phone.get(SiteURL.settings.path).status == .seeOther, "the other browser is signed out")
            #expect(try await app.testing().sendRequest(.GET, APIRoute.me.path, headers: bearer).status == .ok, "tokens stay unless asked")

            try await laptop.get(SiteURL.settings.path)
            try await laptop.post(SiteURL.changePassword.path, ["current": "Winter2026#", "new": "Herbst2027$", "confirm": "Herbst2027$", "revokeTokens": "on"])
            #expect(try await app.testing().sendRequest(.GET, APIRoute.me.path, headers: bearer).status == .unauthorized)
            #expect(try await APIToken.query(on: app.db).count() == 0)

            // An administrator's reset from the command line ends every session.
            try await app.setAccountPassword(email: "anna@example.org", to: "Fruehling2028%")
            #expect(try await laptop.get(SiteURL.settings.path).status == .seeOther)
        }
    }
}
