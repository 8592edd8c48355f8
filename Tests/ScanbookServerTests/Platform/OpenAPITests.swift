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

/// The client library (`Sources/ScanbookClient`) is generated from a copy of the served document:
/// the copy must be what a server with every module serves, or the client and server disagree.
/// `make client-document` rewrites the copy.
@Suite struct ClientDocumentTests {
    static let copy = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ScanbookClient/openapi.yaml")

    @Test func theClientIsGeneratedFromTheServedDocument() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let served = try await app.testing().sendRequest(.GET, APIRoute.openAPI.path).body.string
            if ProcessInfo.processInfo.environment["SCANBOOK_UPDATE_CLIENT_DOCUMENT"] == "1" {
                try Data(served.utf8).write(to: Self.copy)
            }
            let copy = try String(contentsOf: Self.copy, encoding: .utf8)
            #expect(copy == served, "Sources/ScanbookClient/openapi.yaml is not the served document: run `make client-document`")
        }
    }
}
