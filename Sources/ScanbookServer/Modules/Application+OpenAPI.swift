import Foundation
import Vapor

extension Application {
    private struct OpenAPIDocumentKey: StorageKey { typealias Value = String }

    /// `Resources/openapi.yaml` (the platform's operations and shared parts) with each served
    /// module's part merged in, keeping only the paths this instance routes; made once by
    /// `prepareOpenAPIDocument`.
    var openAPIDocument: String { storage[OpenAPIDocumentKey.self] ?? "" }

    /// Reads, merges and filters the document once the routes are registered, at configuration:
    /// request handlers only read it (they run on several threads; storage is not theirs to write).
    func prepareOpenAPIDocument() throws {
        let base = try String(contentsOf: ScanbookResources.openAPIDocument, encoding: .utf8)
        let parts = try modules.compactMap(\.resources?.openAPI).map { try String(contentsOf: $0, encoding: .utf8) }
        let full = Self.mergedOpenAPIDocument(base, parts: parts)
        let routed = Set(routes.all.map { route in
            "/" + route.path.map { component in
                if case .parameter(let name) = component { return "{\(name)}" }
                return component.description
            }.joined(separator: "/")
        })
        storage[OpenAPIDocumentKey.self] = Self.openAPIDocument(full, keepingPaths: routed)
    }

    /// The base document with each part's `paths:` entries appended to its paths and each part's
    /// `components:` → `schemas:` entries appended to its schemas (both files indent by two
    /// spaces, as `openapi.yaml` does).
    static func mergedOpenAPIDocument(_ base: String, parts: [String]) -> String {
        var paths: [Substring] = [], schemas: [Substring] = []
        for part in parts {
            let sections = openAPISections(part)
            paths += sections.paths
            schemas += sections.schemas
        }
        let body = base.hasSuffix("\n") ? base.dropLast() : Substring(base)
        var output: [Substring] = []
        var section: Substring = "", subsection: Substring = ""
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let isTopLevel = !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("#")
            let isSecondLevel = line.hasPrefix("  ") && !line.hasPrefix("   ")
            if section == "components:", subsection == "  schemas:", isTopLevel || isSecondLevel {
                output += schemas
                schemas = []
            }
            if section == "paths:", isTopLevel {
                output += paths
                paths = []
            }
            if isTopLevel {
                section = line
                subsection = ""
            } else if section == "components:", isSecondLevel {
                subsection = line
            }
            output.append(line)
        }
        output += paths + schemas
        return output.joined(separator: "\n") + (base.hasSuffix("\n") ? "\n" : "")
    }

    /// A part's path entries (under `paths:`) and schema entries (under `components:` → `schemas:`).
    static func openAPISections(_ part: String) -> (paths: [Substring], schemas: [Substring]) {
        var paths: [Substring] = [], schemas: [Substring] = []
        var section: Substring = "", subsection: Substring = ""
        // A trailing newline would add an empty line to the last section.
        let body = part.hasSuffix("\n") ? part.dropLast() : Substring(part)
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { continue }
            if !line.isEmpty, !line.hasPrefix(" ") {
                section = line
                subsection = ""
            } else if section == "paths:" {
                paths.append(line)
            } else if section == "components:" {
                if line.hasPrefix("  "), !line.hasPrefix("   ") {
                    subsection = line
                } else if subsection == "  schemas:" {
                    schemas.append(line)
                }
            }
        }
        return (paths, schemas)
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
