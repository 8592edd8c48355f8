import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct CSRFTests {
    @Test(arguments: TestDatabase.available)
    func formsWithoutTheSessionTokenAreRefusedAndChangeNothing(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.get(SiteURL.register.path)
            let register = try await browser.post(
                SiteURL.register.path, ["name": "A", "email": "a@example.org", "password": "Sommer2025!"], csrf: false
            )
            #expect(register.status == .forbidden)
            #expect(register.body.string.contains("This form has expired"))
            #expect(try await User.query(on: app.db).count() == 0)

            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.settings.path)
            let forged = try await browser.post(
                SiteURL.changePassword.path,
                ["current": "Sommer2025!", "new": "Winter2026#", "confirm": "Winter2026#", "csrf": "forged-token"],
                csrf: false
            )
            #expect(forged.status == .forbidden)
            #expect(try await browser.post(SiteURL.logout.path, csrf: false).status == .forbidden)
            #expect(try await browser.get(SiteURL.settings.path).status == .ok, "still logged in")
        }
    }
}
