import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Issue 45, item 2: a CHF list with a EUR expense, at a rate typed with it or taken from the
/// rate table an administrator imports; balances stay in the list's currency, to the cent.
@Suite struct ForeignCurrencyExpenseTests {
    @Test(arguments: TestDatabase.available)
    func aFrancListRecordsAEuroExpenseAtTheRateUsed(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let expenses = ListsAPIRoute.expenses(id: flat.list)

            // No rate typed and none in the table: refused with what to do, nothing saved.
            let unknown = try await api.send(.POST, expenses, json: ExpenseInput(description: "Hotel", amount: "45.50", date: "2026-11-12", currency: "EUR"))
            #expect(unknown.status == .unprocessableEntity && unknown.body.string.contains("no rate from EUR to CHF"))
            #expect(try await ListExpense.query(on: app.db).count() == 0)

            // The rate paid at, typed: 45.50 EUR × 0.9412 = 42.8246 → 42.82 CHF, split among three.
            let typed = try await api.send(.POST, expenses, json: ExpenseInput(description: "Hotel", amount: "45.50", date: "2026-11-12", currency: "EUR", rate: "0.9412"))
            #expect(typed.status == .created, "\(typed.body.string)")
            let hotel = try typed.content.decode(ExpenseDTO.self)
            #expect(hotel.amount == "42.82" && hotel.currency == "CHF" && hotel.originalAmount == "45.50" && hotel.originalCurrency == "EUR" && hotel.rate == "0.9412")
            #expect(hotel.parts.map(\.amount).sorted() == ["14.27", "14.27", "14.28"])

            // The administrator (Anna, the first account) imports a rate table; Ben may not.
            #expect(try await flat.ben.get(AccountURL.exchangeRates.path).status == .forbidden)
            try await flat.anna.get(AccountURL.exchangeRates.path)
            let bad = FormFile(filename: "rates.csv", contentType: "text/csv", bytes: Array("date,currency,rate\n2026-11-01,EUR,abc\n2026-11-02,CHF,1\n".utf8))
            let refused = try await flat.anna.post(AccountURL.exchangeRates.path, files: ["file": bad])
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("Line 2") && refused.body.string.contains("Line 3"))
            #expect(try await StoredExchangeRate.query(on: app.db).count() == 0, "all rows or none")
            let table = FormFile(filename: "rates.csv", contentType: "text/csv", bytes: Array("date,currency,rate\n2026-11-01,EUR,0.9350\n2026-11-10,EUR,0.94\n2026-11-10,USD,0.8805\n".utf8))
            #expect(try await flat.anna.post(AccountURL.exchangeRates.path, files: ["file": table]).status == .seeOther)
            #expect(try await flat.anna.get(AccountURL.exchangeRates.path).body.string.contains("0.8805"))

            // Without a typed rate, the table's latest on or before the day: 100.00 EUR on 12 November at 0.94.
            let dinner = try await api.send(.POST, expenses, json: ExpenseInput(description: "Dinner", amount: "100.00", date: "2026-11-12", currency: "eur"))
            #expect(try dinner.content.decode(ExpenseDTO.self).amount == "94.00" && (try dinner.content.decode(ExpenseDTO.self).rate) == "0.94")
            // A cross rate through the base: 10.00 EUR in a USD list would need both; a day before the table has none.
            let tooEarly = try await api.send(.POST, expenses, json: ExpenseInput(description: "Taxi", amount: "20.00", date: "2026-09-01", currency: "EUR"))
            #expect(tooEarly.status == .unprocessableEntity)

            let balances = try await flat.balances(app)
            // Anna paid 42.82 + 94.00 and owes 14.28 + 31.34 of it.
            #expect(flat.balance(balances, flat.annaID) == "91.20" && flat.balance(balances, flat.benID) == "-45.60")
            let page = try await flat.anna.get(ListsURL.expenses(id: flat.list).path).body.string
            #expect(page.contains("EUR 45.50 at 0.9412"))
            // Editing keeps the currency and rate: a new EUR amount is converted again.
            let edited = try await api.send(.PATCH, ListsAPIRoute.expense(id: flat.list, expense: hotel.id), json: ExpenseInput(amount: "50.00", currency: "EUR", rate: "0.9412"))
            #expect(try edited.content.decode(ExpenseDTO.self).amount == "47.06")
        }
    }
}
