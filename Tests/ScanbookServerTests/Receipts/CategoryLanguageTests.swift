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

    /// A receipt saved without a total keeps the category chosen for it (issue 26: "an empty total
    /// drops the chosen category"); the total typed later is booked there.
    @Test func aCategoryChosenBeforeTheTotalIsKept() async throws {
        try await withAnna(.sqlite) { app, anna in
            try await anna.get(ReceiptsURL.list.path)
            try await anna.post(ReceiptsURL.new.path, ["total": "4,50", "date": "2025-04-30", "merchant": "Kiosk"])
            let receipt = try #require(try await Receipt.query(on: app.db).first())
            let leisure = try #require(try await ReceiptCategory.query(on: app.db).filter(\.$name == "Leisure").first())
            let page = ReceiptsURL.receipt(id: receipt.id).path
            try await anna.get(page)
            #expect(try await anna.post(page, ["total": "", "category": try leisure.requireID().uuidString, "currency": "CHF"]).status == .seeOther)
            let kept = try await ReceiptAllocation.query(on: app.db).filter(\.$receipt.$id == receipt.requireID()).all()
            #expect(kept.map(\.$category.id) == [try leisure.requireID()] && kept.map(\.amountHundredths) == [0])
            try await anna.get(page)
            #expect(try await anna.post(page, ["total": "7.20", "currency": "CHF"]).status == .seeOther)
            let booked = try await ReceiptAllocation.query(on: app.db).filter(\.$receipt.$id == receipt.requireID()).all()
            #expect(booked.map(\.$category.id) == [try leisure.requireID()] && booked.map(\.amountHundredths) == [720])
        }
    }
}
