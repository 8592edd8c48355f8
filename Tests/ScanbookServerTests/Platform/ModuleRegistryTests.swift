import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct ModuleRegistryTests {
    /// Every menu entry comes from exactly one registered module.
    @Test func eachMenuEntryIsOneModule() {
        let entries = Application.allModules.compactMap(\.menuEntry)
        #expect(entries == Module.allCases)
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
