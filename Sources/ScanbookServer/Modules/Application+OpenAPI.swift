import Foundation
import Vapor

extension Application {
    private struct OpenAPIDocumentKey: StorageKey { typealias Value = String }

    /// `Resources/openapi.yaml` with only the paths this instance routes (a disabled module's
    /// operations are left out), made once by `prepareOpenAPIDocument`.
    var openAPIDocument: String { storage[OpenAPIDocumentKey.self] ?? "" }

    /// Reads and filters the document once the routes are registered, at configuration: request
    /// handlers only read it (they run on several threads; storage is not theirs to write).
    func prepareOpenAPIDocument() throws {
        let full = try String(contentsOf: ScanbookResources.openAPIDocument, encoding: .utf8)
        let routed = Set(routes.all.map { route in
            "/" + route.path.map { component in
                if case .parameter(let name) = component { return "{\(name)}" }
                return component.description
            }.joined(separator: "/")
        })
        storage[OpenAPIDocumentKey.self] = Self.openAPIDocument(full, keepingPaths: routed)
    }

    /// Drops each `paths:` entry (a two-space-indented `/…:` key and the lines under it) whose path
    /// is not in `kept`.
    static func openAPIDocument(_ yaml: String, keepingPaths kept: Set<String>) -> String {
        var output: [Substring] = []
        var inPaths = false
        var dropping = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; output.append(line); continue }
            if inPaths, !line.isEmpty, !line.hasPrefix(" ") { inPaths = false; dropping = false }
            if inPaths, line.hasPrefix("  /"), line.hasSuffix(":") {
                dropping = !kept.contains(String(line.dropFirst(2).dropLast()))
            }
            if !dropping { output.append(line) }
        }
        return output.joined(separator: "\n")
    }
}
