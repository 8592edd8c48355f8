import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct SecurityHeadersTests {
    @Test func everyResponseCarriesThePolicyAndHSTSOnlyBehindHTTPS() async throws {
        try await withScanbook(.sqlite) { app, _ in
            for path in [SiteURL.home.path, APIRoute.openAPI.path, "/no/such/page", "/css/app.css"] {
                let response = try await app.testing().sendRequest(.GET, path)
                let policy = response.headers.first(name: "Content-Security-Policy") ?? ""
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'") && policy.contains("style-src 'self'"), "\(path)")
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers.first(name: "Referrer-Policy") == "same-origin")
                #expect(response.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(!response.headers.contains(name: "Strict-Transport-Security"), "plain HTTP: no HSTS")
            }
        }
        try await withScanbook(.sqlite, configure: { $0.publicURL = "https://scanbook.example" }) { app, _ in
            let response = try await app.testing().sendRequest(.GET, SiteURL.home.path)
            #expect(response.headers.first(name: "Strict-Transport-Security")?.hasPrefix("max-age=") == true)
        }
    }

    /// The policy allows no inline script or style: templates load both from files only.
    @Test func templatesHaveNoInlineScriptOrStyle() throws {
        let views = URL(fileURLWithPath: ScanbookResources.viewsDirectory)
        let files = try #require(FileManager.default.enumerator(at: views, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
            .filter { $0.pathExtension == "leaf" }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.firstMatch(of: /\sstyle\s*=/) == nil, "\(file.lastPathComponent): style attribute")
            #expect(text.firstMatch(of: /\son[a-z]+\s*=/) == nil, "\(file.lastPathComponent): event handler attribute")
            #expect(text.firstMatch(of: /<style/) == nil, "\(file.lastPathComponent): style element")
            #expect(text.firstMatch(of: /<script(?![^>]*\ssrc=)[^>]*>/) == nil, "\(file.lastPathComponent): inline script")
        }
    }
}
