import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct UserAdminTests {
    @Test(arguments: TestDatabase.available)
    func onlyAdministratorsSeeTheUsersPage(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let ben = WebSession(app)
            try await ben.register(name: "Ben", email: "ben@example.org")
            let benID = try #require(try await User.query(on: app.db).filter(\.$email == "ben@example.org").first()?.requireID())
            #expect(try await ben.get(AccountURL.users.path).status == .forbidden)
            #expect(!(try await ben.get(SiteURL.settings.path).body.string.contains(AccountURL.users.path)), "no menu entry")
            let post = try await ben.post(AccountURL.userPassword(id: benID).path, ["new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(post.status == .forbidden)
            let visitor = try await WebSession(app).get(AccountURL.users.path)
            #expect(visitor.status == .seeOther && visitor.headers.first(name: .location) == SiteURL.login.path)

            let page = try await anna.get(AccountURL.users.path)
            #expect(page.status == .ok, "the first account is the administrator")
            #expect(page.body.string.contains("ben@example.org") && page.body.string.contains("anna@example.org"))
            #expect(try await anna.get(SiteURL.settings.path).body.string.contains(AccountURL.users.path))
        }
    }

    @Test(arguments: TestDatabase.available)
    func anAdministratorSetsSomeonesPasswordAndTheyLogInWithIt(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let ben = WebSession(app)
            try await ben.register(name: "Ben", email: "ben@example.org")
            let benID = try #require(try await User.query(on: app.db).filter(\.$email == "ben@example.org").first()?.requireID())
            try await anna.get(AccountURL.users.path)
            let weak = try await anna.post(AccountURL.userPassword(id: benID).path, ["new": "winter", "confirm": "winter"])
            #expect(weak.status == .unprocessableEntity)
            #expect(weak.body.string.contains("at least 8 characters"))
            let differ = try await anna.post(AccountURL.userPassword(id: benID).path, ["new": "Winter2026#", "confirm": "Winter2026"])
            #expect(differ.status == .unprocessableEntity)
            let set = try await anna.post(AccountURL.userPassword(id: benID).path, ["new": "Winter2026#", "confirm": "Winter2026#"])
            #expect(set.status == .seeOther)
            #expect(try await anna.get(AccountURL.users.path).body.string.contains("New password set for Ben"))
            #expect(try await ben.get(SiteURL.settings.path).status == .seeOther, "Ben was signed out")
            #expect(try await WebSession(app).login(email: "ben@example.org", password: "Sommer2025!").status == .unauthorized)
            #expect(try await WebSession(app).login(email: "ben@example.org", password: "Winter2026#").status == .seeOther)
            #expect(try await anna.post(AccountURL.userPassword(id: UUID()).path, ["new": "Winter2026#", "confirm": "Winter2026#"]).status == .notFound)

            // Her own password: this browser stays signed in.
            try await anna.post(AccountURL.userPassword(id: try #require(try await User.query(on: app.db).filter(\.$email == "anna@example.org").first()?.requireID())).path, ["new": "Herbst2027#", "confirm": "Herbst2027#"])
            #expect(try await anna.get(AccountURL.users.path).status == .ok)
        }
    }
}
