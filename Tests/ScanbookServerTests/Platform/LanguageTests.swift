import Fluent
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct LanguageTests {
    @Test(arguments: TestDatabase.available)
    func browserLanguagePicksGermanAndTheSwitchOverridesIt(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            browser.acceptLanguage = "de-CH,de;q=0.9,en;q=0.8"
            let german = try await browser.get(SiteURL.login.path)
            #expect(german.body.string.contains(#"<html lang="de">"#))
            #expect(german.body.string.contains("Anmelden"))

            let switched = try await browser.post(SiteURL.language.path, ["lang": "en"])
            #expect(switched.status == .seeOther)
            #expect(try await browser.get(SiteURL.login.path).body.string.contains(#"<html lang="en">"#))
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAccountRemembersTheChoice(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.settings.path)
            try await browser.post(SiteURL.language.path, ["lang": "de"])
            #expect(try await User.query(on: app.db).first()?.locale == "de")

            let elsewhere = WebSession(app)
            elsewhere.acceptLanguage = "en"
            try await elsewhere.login(email: "anna@example.org", password: "Sommer2025!")
            #expect(try await elsewhere.get(SiteURL.settings.path).body.string.contains("Passwort ändern"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func unknownLanguageIsRefused(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.get(SiteURL.login.path)
            #expect(try await browser.post(SiteURL.language.path, ["lang": "xx"]).status == .badRequest)
        }
    }

    static func standardCatalogues() throws -> Localizer {
        try Localizer.load(from: ScanbookResources.localesDirectory, modules: Application.standardModules.compactMap(\.resources?.locales))
    }

    @Test func catalogueHasTheSameKeysInEveryLanguage() throws {
        let localizer = try Self.standardCatalogues()
        #expect(localizer.supported == ["de", "en"])
        let english = Set(localizer.catalogue("en").keys)
        for code in localizer.supported {
            #expect(Set(localizer.catalogue(code).keys) == english, "\(code) differs from en")
        }
    }

    @Test func negotiatesAcceptLanguage() throws {
        let localizer = try Self.standardCatalogues()
        #expect(localizer.negotiate(acceptLanguage: "fr-CH, de;q=0.8, en;q=0.5") == "de")
        #expect(localizer.negotiate(acceptLanguage: "en-US,en;q=0.9,de;q=0.8") == "en")
        #expect(localizer.negotiate(acceptLanguage: "fr") == "en")
        #expect(localizer.negotiate(acceptLanguage: nil) == "en")
        #expect(localizer.text("login_throttled", locale: "de", ["minutes": "3"]).contains("in 3 Minuten"))
    }
}
