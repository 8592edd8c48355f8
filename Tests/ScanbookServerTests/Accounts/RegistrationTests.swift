import Fluent
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct RegistrationTests {
    @Test(arguments: TestDatabase.available)
    func weakPasswordIsRefusedWithThePolicyAndNothingIsStored(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            let response = try await browser.register(email: "anna@example.org", password: "sommersonne")
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("at least 2 of: a special character, an upper-case letter, a digit"))
            #expect(response.body.string.contains(#"value="anna@example.org""#), "the form keeps what was typed")
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func firstAccountIsAdministratorAndIsLoggedIn(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app)
            let response = try await anna.register(name: "Anna", email: " Anna@Example.ORG ")
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == SiteURL.home.path)
            let home = try await anna.get(SiteURL.home.path)
            #expect(home.status == .ok)
            #expect(home.body.string.contains("Welcome, Anna!"))

            try await WebSession(app).register(name: "Ben", email: "ben@example.org")
            let users = try await User.query(on: app.db).sort(\.$email).all()
            #expect(users.map(\.email) == ["anna@example.org", "ben@example.org"])
            #expect(users.map(\.isAdmin) == [true, false])
            #expect(users[0].passwordHash.hasPrefix("$2"), "stored as a bcrypt hash")
        }
    }

    @Test(arguments: TestDatabase.available)
    func duplicateEmailIsRefusedWhateverItsCase(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            try await WebSession(app).register(email: "anna@example.org")
            let response = try await WebSession(app).register(email: "ANNA@example.org")
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("already exists"))
            #expect(try await User.query(on: app.db).count() == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func closedRegistrationRefusesWebAndAPI(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.registrationOpen = false }) { app, _ in
            let page = try await WebSession(app).get(SiteURL.register.path)
            #expect(page.body.string.contains("Registration is closed"))
            let response = try await WebSession(app).register(email: "anna@example.org")
            #expect(response.status == .forbidden)
            let api = try await app.testing().sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
                try request.content.encode(RegisterRequest(name: "A", email: "a@example.org", password: "Sommer2025!"))
            })
            #expect(api.status == .forbidden)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func commandLineAdminUsesTheSameRules(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            await #expect(throws: AccountAdminError.self) {
                try await app.addAccount(name: "Root", email: "root@example.org", password: "short", isAdmin: true)
            }
            try await WebSession(app).register(email: "first@example.org")
            let admin = try await app.addAccount(name: "Root", email: "Root@Example.org", password: "Sommer2025!", isAdmin: true)
            #expect(admin.isAdmin && admin.email == "root@example.org")
            try await app.setAccountPassword(email: "root@example.org", to: "Winter2026#")
            let accounts = try await app.listAccounts()
            #expect(accounts.map(\.email) == ["first@example.org", "root@example.org"])
            let login = try await WebSession(app).login(email: "root@example.org", password: "Winter2026#")
            #expect(login.status == .seeOther)
        }
    }
}

extension WebSession {
    @discardableResult
    func login(email: String, password: String) async throws -> TestingHTTPResponse {
        try await get(SiteURL.login.path)
        return try await post(SiteURL.login.path, ["email": email, "password": password])
    }
}
