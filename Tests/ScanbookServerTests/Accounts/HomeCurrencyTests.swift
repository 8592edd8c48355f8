import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// One currency rule for every module: a person's own money in their home currency, a list's
/// expenses in the list's, fixed when it was made.
@Suite struct HomeCurrencyTests {
    @Test(arguments: TestDatabase.available)
    func homeCurrencyReachesEveryModuleAndListsKeepTheirs(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app), ben = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            func me() async throws -> UserDTO { try await api.send(.GET, .me).content.decode(UserDTO.self) }
            #expect(try await me().currency == "CHF", "the server's default until chosen")
            let before = try await anna.createList("Vorher")

            try await anna.get(SiteURL.settings.path)
            #expect(try await anna.post(SiteURL.currency.path, ["currency": " eur "]).status == .seeOther)
            #expect(try await me().currency == "EUR")
            #expect(try await anna.get(SiteURL.settings.path).body.string.contains(#"value="EUR""#))

            // Receipts: a typed-in receipt and the month's budget.
            let receipt = try await api.send(.POST, ReceiptsAPIRoute.manual, json: ["total": "12,50", "date": "2025-06-01"])
            #expect(try receipt.content.decode(ReceiptDTO.self).currency == "EUR")
            #expect(try await api.send(.GET, ReceiptsAPIRoute.month("2025-06")).content.decode(BudgetMonthDTO.self).currency == "EUR")

            // Lists: a list made now is in EUR for every member; the one made before keeps CHF.
            let after = try await anna.createList("Nachher")
            for list in [before, after] {
                try await anna.get(ListsURL.list(id: list).path)
                try await anna.post(ListsURL.members(id: list).path, ["email": "ben@example.org"])
                try await ben.acceptInvitation(named: list == before ? "Vorher" : "Nachher")
            }
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.GET, ListsAPIRoute.balances(id: after)).content.decode(BalancesDTO.self).currency == "EUR")
            #expect(try await benAPI.send(.GET, ListsAPIRoute.balances(id: before)).content.decode(BalancesDTO.self).currency == "CHF")
            #expect(try await ben.get(ListsURL.expenses(id: after).path).body.string.contains("EUR"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func anInvalidCodeIsRefusedAndChangesNothing(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            try await anna.get(SiteURL.settings.path)
            for text in ["E1R", "EURO", "", "€€€"] {
                let refused = try await anna.post(SiteURL.currency.path, ["currency": text])
                #expect(refused.status == .unprocessableEntity, "\(text)")
                #expect(refused.body.string.contains("is not a currency code"))
            }
            let user = try #require(try await User.find(try await app.userID("anna@example.org"), on: app.db))
            #expect(user.currency == nil)
        }
    }
}
