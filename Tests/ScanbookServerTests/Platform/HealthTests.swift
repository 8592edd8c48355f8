import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct HealthTests {
    @Test(arguments: TestDatabase.available)
    func livenessAndReadinessAnswer(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let tester = try app.testing()
            let live = try await tester.sendRequest(.GET, SiteURL.healthz.path)
            #expect(live.status == .ok)
            let ready = try await tester.sendRequest(.GET, SiteURL.readyz.path)
            #expect(ready.status == .ok)
            #expect(try ready.content.decode(HealthController.Status.self).status == "ready")
        }
    }

    @Test func unknownPagesGetTheShellsNotFoundPage() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let page = try await WebSession(app).get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.body.string.contains("This page does not exist"))
            let api = try await app.testing().sendRequest(.GET, "/api/v1/nothing")
            #expect(api.status == .notFound)
            #expect(try api.content.decode(APIErrorResponse.self).error)
        }
    }

    @Test func everyModuleHasAPageForSignedInUsers() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            for module in Application.standardModules.compactMap(\.menuEntry) {
                var page = try await browser.get(SiteURL.module(module).path)
                if page.status == .seeOther, let location = page.headers.first(name: .location) {
                    page = try await browser.get(location)  // lists open the user's first list
                }
                #expect(page.status == .ok)
                #expect(page.body.string.contains(#"aria-current="page""#))
            }
        }
    }
}
