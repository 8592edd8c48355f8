import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct ModuleRegistryTests {
    /// Every menu entry comes from exactly one registered module.
    @Test func eachMenuEntryIsOneModule() {
        let entries = Application.standardModules.compactMap(\.menuEntry)
        #expect(entries == [.receipts, .meters, .lists, .payments, .forms])
    }

    @Test func aDisabledModuleLeavesMenuRoutesAndAPIDocument() async throws {
        try await withScanbook(.sqlite, configure: { $0.disabledModules = [.meters] }) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let home = try await anna.get(SiteURL.home.path).body.string
            #expect(!home.contains(SiteURL.module(.meters).path + "\""), "no menu entry or tile")
            #expect(home.contains(SiteURL.module(.receipts).path + "\""))
            #expect(try await anna.get(SiteURL.module(.meters).path).status == .notFound)
            let token = try await app.apiToken(email: "anna@example.org")
            let meters = try await app.testing().sendRequest(.GET, MetersAPIRoute.meters.path, headers: ["Authorization": "Bearer \(token)"])
            #expect(meters.status == .notFound)
            let document = try await app.testing().sendRequest(.GET, APIRoute.openAPI.path).body.string
            #expect(!document.contains("/api/v1/meters"))
            #expect(document.contains("/api/v1/receipts:"))
            // Its photos stay: the sweep still knows its columns.
            #expect(app.blobReferences.contains(BlobReference(table: Meter.schema, column: "reference_blob_id")))
        }
    }

    /// Issue 43: a module that is not served is not offered by another one (the receipt page offered
    /// "share on a list" and posted to a route that was not registered).
    @Test func aDisabledModuleIsNotOfferedByAnother() async throws {
        for disabled in [true, false] {
            try await withScanbook(.sqlite, configure: { $0.disabledModules = disabled ? [.lists] : [] }) { app, _ in
                let anna = WebSession(app)
                try await anna.register(email: "anna@example.org")
                let annaID = try #require(try await User.query(on: app.db).first()?.id)
                let list = ShoppingList(ownerID: annaID, name: "WG", isPrivate: false, currency: nil)
                try await list.create(on: app.db)
                try await ListMembership(listID: try list.requireID(), userID: annaID).create(on: app.db)
                let receipt = Receipt(ownerID: annaID, captureID: nil, imageID: nil, state: .confirmed)
                receipt.totalMinor = 4590
                receipt.currency = "CHF"
                try await receipt.create(on: app.db)
                let page = try await anna.get(ReceiptsURL.receipt(id: receipt.id).path).body.string
                #expect(page.contains(ListsURL.expenseFromReceipt.path) == !disabled, "share on a list offered: \(!disabled)")
            }
        }
    }

    @Test func theDocumentFilterDropsWholePathEntries() {
        let yaml = "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      summary: A\n  /b/{id}:\n    delete:\n      summary: B\ncomponents:\n  schemas: {}"
        let filtered = Application.openAPIDocument(yaml, keepingPaths: ["/a"])
        #expect(filtered == "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      summary: A\ncomponents:\n  schemas: {}")
    }
}

/// A module's code and pages use only its own texts and the platform's: a key another module
/// owns would vanish with that module's catalogue.
@Suite struct ModuleTextOwnershipTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ScanbookServer")

    @Test func everyModuleUsesOnlyItsOwnAndThePlatformsTexts() throws {
        var owner: [String: String] = [:]
        let locales = ScanbookResources.localesDirectory
        for key in try JSONDecoder().decode([String: String].self, from: Data(contentsOf: locales.appendingPathComponent("en.json"))).keys {
            owner[key] = "platform"
        }
        let folders = ["Receipts", "Meters", "Lists", "Payments", "Forms", "Captures"]
        for folder in folders {
            let file = locales.appendingPathComponent(folder).appendingPathComponent("en.json")
            for key in try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file)).keys { owner[key] = folder }
        }
        let keyPattern = try Regex(#""([a-z]+_[A-Za-z_]+)"|t\.([a-z]+_[A-Za-z_]+)"#)
        var borrowed: [String] = []
        for folder in folders {
            let places = [Self.sources.appendingPathComponent(folder), Self.sources.appendingPathComponent("Resources/Views/\(folder)")]
            for place in places {
                guard let files = FileManager.default.enumerator(at: place, includingPropertiesForKeys: nil) else { continue }
                for case let file as URL in files where ["swift", "leaf"].contains(file.pathExtension) {
                    let text = try String(contentsOf: file, encoding: .utf8)
                    for match in text.matches(of: keyPattern) {
                        guard let key = (match.output[1].substring ?? match.output[2].substring).map(String.init),
                              let keyOwner = owner[key], keyOwner != "platform", keyOwner != folder else { continue }
                        borrowed.append("\(folder) uses \(key) of \(keyOwner) (\(file.lastPathComponent))")
                    }
                }
            }
        }
        #expect(borrowed.isEmpty, "\(borrowed)")
    }
}
