import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct AccountAPITests {
    @Test(arguments: TestDatabase.available)
    func registerLoginAndUseATokenUntilItIsRevoked(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let tester = try app.testing()
            try await tester.test(.POST, APIRoute.register.path, beforeRequest: { request in
                try request.content.encode(RegisterRequest(name: "Anna", email: "Anna@example.org", password: "Sommer2025!"))
            }) { response in
                #expect(response.status == .created)
                let user = try response.content.decode(UserDTO.self)
                #expect(user.email == "anna@example.org" && user.isAdmin)
            }

            let login = try await tester.sendRequest(.POST, APIRoute.login.path, beforeRequest: { request in
                try request.content.encode(LoginRequest(email: "anna@example.org", password: "Sommer2025!", tokenName: "phone"))
            })
            #expect(login.status == .created)
            let created = try login.content.decode(CreatedTokenDTO.self)
            #expect(created.token.hasPrefix("sbk_") && created.name == "phone")
            #expect(try await APIToken.query(on: app.db).first()?.tokenHash == APITokenService.digest(created.token))
            #expect(try await APIToken.query(on: app.db).filter(\.$tokenHash == created.token).count() == 0, "secret not stored")

            let bearer: HTTPHeaders = ["Authorization": "Bearer \(created.token)"]
            let me = try await tester.sendRequest(.GET, APIRoute.me.path, headers: bearer)
            #expect(me.status == .ok)
            #expect(try me.content.decode(UserDTO.self).name == "Anna")

            let second = try await tester.sendRequest(.POST, APIRoute.tokens.path, headers: bearer, beforeRequest: { request in
                try request.content.encode(CreateTokenRequest(name: "script"))
            })
            #expect(second.status == .created)
            let list = try await tester.sendRequest(.GET, APIRoute.tokens.path, headers: bearer)
            #expect(try list.content.decode([TokenDTO].self).map(\.name).sorted() == ["phone", "script"])

            let revoke = try await tester.sendRequest(.DELETE, APIRoute.token(id: created.id).path, headers: bearer)
            #expect(revoke.status == .noContent)
            #expect(try await tester.sendRequest(.GET, APIRoute.me.path, headers: bearer).status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabase.available)
    func requestsWithoutAValidTokenAreRefusedAsJSON(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let tester = try app.testing()
            let none = try await tester.sendRequest(.GET, APIRoute.me.path)
            #expect(none.status == .unauthorized)
            #expect(try none.content.decode(APIErrorResponse.self).error)
            let forged = try await tester.sendRequest(.GET, APIRoute.me.path, headers: ["Authorization": "Bearer sbk_forged"])
            #expect(forged.status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theWebSessionCookieDoesNotOpenTheAPI(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            let cookie = "scanbook-session=\(try #require(browser.cookies["scanbook-session"]))"
            let response = try await app.testing().sendRequest(.GET, APIRoute.me.path, headers: ["Cookie": cookie])
            #expect(response.status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabase.available)
    func policyAndDuplicateErrorsAreExplained(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let tester = try app.testing()
            let weak = try await tester.sendRequest(.POST, APIRoute.register.path, beforeRequest: { request in
                try request.content.encode(RegisterRequest(name: "", email: "not-an-address", password: "short"))
            })
            #expect(weak.status == .unprocessableEntity)
            let reason = try weak.content.decode(APIErrorResponse.self).reason
            #expect(reason.contains("Please enter your name."))
            #expect(reason.contains("valid e-mail address"))
            #expect(reason.contains("at least 8 characters"))

            let german = try await tester.sendRequest(.POST, APIRoute.register.path, headers: ["Accept-Language": "de"], beforeRequest: { request in
                try request.content.encode(RegisterRequest(name: "A", email: "a@example.org", password: "kurz"))
            })
            #expect(try german.content.decode(APIErrorResponse.self).reason.contains("mindestens 8 Zeichen"))

            let malformed = try await tester.sendRequest(.POST, APIRoute.login.path, headers: ["Content-Type": "application/json"], body: .init(string: "{"))
            #expect(malformed.status == .badRequest)
        }
    }

    @Test(arguments: TestDatabase.available)
    func tokensAreManagedFromTheSettingsPage(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.settings.path)
            let created = try await browser.post(SiteURL.apiTokens.path, ["name": "laptop"])
            #expect(created.status == .created)
            let page = created.body.string
            let secret = try #require(page.range(of: #"<code id="new-token">"#).map { start in
                String(page[start.upperBound...].prefix { $0 != "<" })
            })
            #expect(try await app.testing().sendRequest(.GET, APIRoute.me.path, headers: ["Authorization": "Bearer \(secret)"]).status == .ok)

            let token = try #require(try await APIToken.query(on: app.db).first())
            let other = WebSession(app)
            try await other.register(email: "ben@example.org")
            try await other.get(SiteURL.settings.path)
            #expect(try await other.post(SiteURL.revokeAPIToken(id: token.id).path).status == .notFound, "not Ben's token")

            #expect(try await browser.post(SiteURL.revokeAPIToken(id: token.id).path).status == .seeOther)
            #expect(try await APIToken.query(on: app.db).count() == 0)
        }
    }
}
