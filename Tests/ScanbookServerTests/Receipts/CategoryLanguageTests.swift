import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// Default category names follow the language the person chooses later, not the one they happened
/// to register in; a name they gave a category themselves is never touched (issue 26).
@Suite struct CategoryLanguageTests {
    @Test(arguments: TestDatabase.available)
    func defaultCategoriesFollowTheChosenLanguage(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let owner = try await app.userID("anna@example.org")
            func names() async throws -> Set<String> {
                Set(try await ReceiptCategory.query(on: app.db).filter(\.$owner.$id == owner).all().map(\.name))
            }
            #expect(try await names().isSuperset(of: ["Groceries", "Other"]))
            let other = try #require(try await ReceiptCategory.query(on: app.db).filter(\.$owner.$id == owner).filter(\.$name == "Other").first())
            other.name = "Misc stuff"
            try await other.save(on: app.db)

            try await anna.get(SiteURL.home.path)
            try await anna.post(SiteURL.language.path, ["lang": "de"])
            let german = try await names()
            #expect(german.contains("Lebensmittel") && !german.contains("Groceries"))
            #expect(german.contains("Misc stuff") && !german.contains("Sonstiges"), "her own name stays")
            #expect(german.count == ReceiptDefaults.categoryKeys.count)

            try await anna.post(SiteURL.language.path, ["lang": "en"])
            #expect(try await names().contains("Groceries"))
        }
    }
}
