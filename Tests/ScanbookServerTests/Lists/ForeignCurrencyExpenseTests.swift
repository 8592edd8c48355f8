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

    /// Issue 45, item 2: several payers for one expense, their amounts adding up to it, in the
    /// list's currency or converted with the expense.
    @Test(arguments: TestDatabase.available)
    func severalPeoplePayOneExpense(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let expenses = ListsAPIRoute.expenses(id: flat.list)
            typealias Payer = ExpenseInput.Payer

            let short = ExpenseInput(description: "Dinner", amount: "45.50", payers: [Payer(member: flat.annaID, amount: "30.00"), Payer(member: flat.benID, amount: "15.00")])
            let refused = try await api.send(.POST, expenses, json: short)
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("come to 45.00, not the 45.50"))
            let stranger = ExpenseInput(description: "Dinner", amount: "45.50", payers: [Payer(member: flat.annaID, amount: "30.00"), Payer(member: UUID(), amount: "15.50")])
            #expect(try await api.send(.POST, expenses, json: stranger).status == .unprocessableEntity)
            #expect(try await ListExpense.query(on: app.db).count() == 0)

            // Anna 30.00 and Ben 15.50 pay a 45.50 dinner for all three (15.17, 15.17, 15.16 each).
            let dinner = ExpenseInput(description: "Dinner", amount: "45.50", payers: [Payer(member: flat.annaID, amount: "30.00"), Payer(member: flat.benID, amount: "15.50")])
            let created = try await api.send(.POST, expenses, json: dinner)
            #expect(created.status == .created, "\(created.body.string)")
            let expense = try created.content.decode(ExpenseDTO.self)
            #expect(expense.paidBy == flat.annaID && expense.payers?.map(\.amount) == ["30.00", "15.50"])
            var balances = try await flat.balances(app)
            #expect(flat.balance(balances, flat.annaID) == "14.83" && flat.balance(balances, flat.benID) == "0.33" && flat.balance(balances, flat.carlaID) == "-15.16")

            // Renamed, the payers stay; Ben's history has it through his payment.
            let renamed = try await api.send(.PATCH, ListsAPIRoute.expense(id: flat.list, expense: expense.id), json: ExpenseInput(description: "Dinner at Fritz"))
            #expect(try renamed.content.decode(ExpenseDTO.self).payers?.count == 2)
            // The page's edit form shows what each paid, so saving it keeps them.
            let editPage = try await flat.anna.get(ListsURL.editExpense(id: flat.list, expense: expense.id).path).body.string
            #expect(editPage.contains(#"name="payer[\#(flat.annaID)]" value="30.00""#) && editPage.contains(#"name="payer[\#(flat.benID)]" value="15.50""#))
            #expect(try await ExpenseService.history(of: try #require(try await ShoppingList.find(flat.list, on: app.db)), filter: ExpenseFilter(member: flat.benID), on: app.db).count == 1)

            // Paid in euros: 45.50 EUR at 0.9412 is 42.82 CHF, the payers' parts in proportion.
            let euros = ExpenseInput(description: "Museum", amount: "45.50", currency: "EUR", rate: "0.9412",
                                     payers: [Payer(member: flat.benID, amount: "30.00"), Payer(member: flat.carlaID, amount: "15.50")])
            let converted = try await api.send(.POST, expenses, json: euros).content.decode(ExpenseDTO.self)
            #expect(converted.amount == "42.82" && converted.payers?.map(\.amount) == ["28.23", "14.59"])

            // On the page: what each paid, by member.
            try await flat.anna.get(ListsURL.expenses(id: flat.list).path)
            let page = try await flat.anna.post(ListsURL.expenses(id: flat.list).path, [
                "description": "Taxi", "amount": "15.00", "payer[\(flat.annaID)]": "10.00", "payer[\(flat.carlaID)]": "5.00",
            ])
            #expect(page.status == .seeOther)
            balances = try await flat.balances(app)
            // Anna 14.83 − 14.28 (museum) + 10.00 − 5.00 (taxi); Carla −15.16 + 14.59 − 14.27 + 5.00 − 5.00.
            #expect(flat.balance(balances, flat.annaID) == "5.55" && flat.balance(balances, flat.carlaID) == "-14.84" && flat.balance(balances, flat.benID) == "9.29")
        }
    }
}
