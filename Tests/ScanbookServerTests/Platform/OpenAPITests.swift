import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct OpenAPITests {
    /// `paths:` entries of our own document: two-space-indented path keys, four-space-indented methods.
    static func documentedOperations(_ yaml: String) -> Set<String> {
        var operations = Set<String>()
        var inPaths = false
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if !line.hasPrefix(" "), !line.isEmpty { break }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "post", "put", "patch", "delete"].contains(method) {
                    operations.insert("\(method.uppercased()) \(path)")
                }
            }
        }
        return operations
    }

    @Test func documentListsExactlyTheAPIRoutes() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let response = try await app.testing().sendRequest(.GET, APIRoute.openAPI.path)
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .contentType)?.hasPrefix("application/yaml") == true)
            let documented = Self.documentedOperations(response.body.string)
            let served = Set(app.routes.all.compactMap { route -> String? in
                let path = "/" + route.path.map { component in
                    if case .parameter(let name) = component { return "{\(name)}" }
                    return component.description
                }.joined(separator: "/")
                return path.hasPrefix("/api/v1/") ? "\(route.method.rawValue) \(path)" : nil
            })
            #expect(!documented.isEmpty)
            #expect(documented == served, "documented but not served: \(documented.subtracting(served)); served but not documented: \(served.subtracting(documented))")
        }
    }

    @Test func documentIsOpenAPI31() throws {
        let yaml = try String(contentsOf: ScanbookResources.openAPIDocument, encoding: .utf8)
        #expect(yaml.hasPrefix("openapi: 3.1."))
    }
}

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
            for module in Module.allCases {
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
