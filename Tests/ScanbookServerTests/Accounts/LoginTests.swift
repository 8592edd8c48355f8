import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct LoginTests {
    @Test(arguments: TestDatabase.available)
    func wrongPasswordIsRefusedAndRightOneLogsIn(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            try await WebSession(app).register(email: "anna@example.org")
            let browser = WebSession(app)
            let wrong = try await browser.login(email: "anna@example.org", password: "Sommer2024!")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.string.contains("E-mail or password is wrong."))
            let unknown = try await browser.login(email: "nobody@example.org", password: "Sommer2025!")
            #expect(unknown.body.string.contains("E-mail or password is wrong."), "unknown addresses get the same answer")
            let right = try await browser.login(email: "ANNA@example.org", password: "Sommer2025!")
            #expect(right.status == .seeOther)
            #expect(try await browser.get(SiteURL.settings.path).body.string.contains("anna@example.org"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func repeatedFailuresBackOffAndTheRightPasswordWaitsToo(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let clock = MutableClock()
            app.clock = clock.appClock
            try await WebSession(app).register(email: "anna@example.org")
            let browser = WebSession(app)
            for _ in 0..<5 {
                #expect(try await browser.login(email: "anna@example.org", password: "Wrong-guess1").status == .unauthorized)
            }
            let waiting = try await browser.login(email: "anna@example.org", password: "Sommer2025!")
            #expect(waiting.status == .tooManyRequests, "even the right password waits")
            #expect(waiting.headers.first(name: "Retry-After") == "2")
            #expect(waiting.body.string.contains("Too many failed attempts. Please try again in 2 seconds."))

            let api = try await app.testing().sendRequest(.POST, APIRoute.login.path, beforeRequest: { request in
                try request.content.encode(["email": "anna@example.org", "password": "Sommer2025!"])
            })
            #expect(api.status == .tooManyRequests, "the API shares the throttle")

            // Each further failure doubles the wait.
            clock.advance(by: 3)
            #expect(try await browser.login(email: "anna@example.org", password: "Wrong-guess1").status == .unauthorized)
            #expect(try await browser.login(email: "anna@example.org", password: "Sommer2025!").headers.first(name: "Retry-After") == "4")

            clock.advance(by: 5)
            #expect(try await browser.login(email: "anna@example.org", password: "Sommer2025!").status == .seeOther)
            let pairs = try await RateEvent.query(on: app.db).filter(\.$scope == .loginAccountFromAddress).count()
            #expect(pairs == 0, "a success clears this address's failures on the account")
        }
    }

    @Test(arguments: TestDatabase.available)
    func logoutEndsTheSession(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.home.path)
            #expect(try await browser.post(SiteURL.logout.path).status == .seeOther)
            let home = try await browser.get(SiteURL.settings.path)
            #expect(home.status == .seeOther)
            #expect(home.headers.first(name: .location) == SiteURL.login.path)
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionCookieIsHttpOnlyAndLax(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let response = try await WebSession(app).register(email: "anna@example.org")
            let cookie = try #require(response.headers[.setCookie].first { $0.hasPrefix("scanbook-session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"), "plain http here; Secure is set behind https")
        }
        try await withScanbook(database, configure: { $0.publicURL = "https://scanbook.example.org" }) { app, _ in
            let response = try await WebSession(app).register(email: "anna@example.org")
            #expect(response.headers[.setCookie].contains { $0.hasPrefix("scanbook-session=") && $0.contains("Secure") })
        }
    }

    @Test(arguments: TestDatabase.available)
    func loginIssuesAFreshSessionID(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            try await WebSession(app).register(email: "anna@example.org")
            let browser = WebSession(app)
            try await browser.get(SiteURL.login.path)
            #expect(browser.cookies["scanbook-session"] == nil, "a visitor has no session")
            // An id planted before sign-in (session fixation) is not the one signed in with.
            browser.cookies["scanbook-session"] = "planted-by-someone-else"
            try await browser.post(SiteURL.login.path, ["email": "anna@example.org", "password": "Sommer2025!"])
            let issued = try #require(browser.cookies["scanbook-session"])
            #expect(issued != "planted-by-someone-else")
            #expect(try await SignedInSession.query(on: app.db).count() == 2, "one per sign-in (registration, this login)")
        }
    }

    @Test(arguments: TestDatabase.available)
    func changingThePasswordNeedsTheCurrentOneAndThePolicy(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.settings.path)
            let wrongCurrent = try await browser.post(SiteURL.changePassword.path, ["current": "nope", "new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(wrongCurrent.status == .unprocessableEntity)
            #expect(wrongCurrent.body.string.contains("The current password is wrong."))
            let weak = try await browser.post(SiteURL.changePassword.path, ["current": "Sommer2025!", "new": "winter", "confirm": "winter"])
            #expect(weak.status == .unprocessableEntity)
            #expect(weak.body.string.contains("at least 8 characters"))
            let changed = try await browser.post(SiteURL.changePassword.path, ["current": "Sommer2025!", "new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(changed.status == .seeOther)
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Sommer2025!").status == .unauthorized)
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Winter2026#").status == .seeOther)
        }
    }
}

/// A clock tests move by hand.
final class MutableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    var appClock: AppClock {
        AppClock { [self] in lock.withLock { current } }
    }
}
