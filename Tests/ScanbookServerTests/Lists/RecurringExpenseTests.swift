import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Issue 45, item 2: recurring expenses, made once per period by the maintenance sweep however many
/// instances run it, dates missed while nothing ran made when one runs again.
@Suite struct RecurringExpenseTests {
    @Test(arguments: TestDatabase.available)
    func aMonthlyRentIsAddedOncePerPeriodWithTwoInstancesSweeping(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, environment in
            let clock = MutableClock(start: Date(timeIntervalSince1970: 1_795_165_200)) // 2026-11-20
            app.clock = clock.appClock
            let flat = try await Flat(app)
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let route = ListsAPIRoute.recurringExpenses(id: flat.list)

            let wrong = RecurringExpenseInput(description: "Miete", amount: "900.00", frequency: "monthly", startsOn: "2026-09-30", endsOn: "2026-08-01")
            #expect(try await api.send(.POST, route, json: wrong).status == .unprocessableEntity)
            #expect(try await ListExpense.query(on: app.db).count() == 0)

            // Set up in November, from 30 September: the two dates past are added at once.
            let rent = RecurringExpenseInput(description: "Miete", amount: "900.00", frequency: "monthly", startsOn: "2026-09-30")
            let created = try await api.send(.POST, route, json: rent)
            #expect(created.status == .created, "\(created.body.string)")
            let recurring = try created.content.decode(RecurringExpenseDTO.self)
            #expect(try await occurrences(app) == ["2026-09-30", "2026-10-30"])
            let shares = try await ExpenseShare.query(on: app.db).all().map(\.amount)
            #expect(shares.count == 6 && shares.allSatisfy { $0 == 30_000 })

            // 1 December: two instances sweep at the same moment; November's rent is added once.
            clock.advance(by: 11 * 86_400)
            try await environment.withApp { other in
                other.clock = clock.appClock
                async let here = app.runMaintenance()
                async let there = other.runMaintenance()
                let made = try await (here.moduleWork["lists"] ?? 0) + (there.moduleWork["lists"] ?? 0)
                #expect(made == 1, "one instance made it")
            }
            #expect(try await occurrences(app) == ["2026-09-30", "2026-10-30", "2026-11-30"])
            #expect(try await app.runMaintenance().moduleWork["lists"] == nil, "nothing more is due")
            let balances = try await flat.balances(app)
            #expect(flat.balance(balances, flat.annaID) == "1800.00" && flat.balance(balances, flat.benID) == "-900.00")

            // The page lists it; Ben may not stop Anna's, Anna may; then nothing more is added.
            let page = try await flat.anna.get(ListsURL.expenses(id: flat.list).path).body.string
            #expect(page.contains(#"id="recurring""#) && page.contains("Miete") && page.contains("next"))
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            let one = ListsAPIRoute.recurringExpense(id: flat.list, recurring: recurring.id)
            #expect(try await benAPI.send(.DELETE, one).status == .forbidden)
            #expect(try await api.send(.DELETE, one).status == .noContent)
            clock.advance(by: 40 * 86_400)
            #expect(try await app.runMaintenance().moduleWork["lists"] == nil)
            #expect(try await ListExpense.query(on: app.db).count() == 3, "the expenses it made stay")
        }
    }

    @Test func aRecurringExpenseIsSetUpOnThePage() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let flat = try await Flat(app)
            try await flat.anna.get(ListsURL.expenses(id: flat.list).path)
            let refused = try await flat.anna.post(ListsURL.recurring(id: flat.list).path, ["description": "Netflix", "amount": "abc", "frequency": "monthly", "startsOn": "2026-11-01"])
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains(#"value="Netflix""#))
            let saved = try await flat.anna.post(ListsURL.recurring(id: flat.list).path, ["description": "Netflix", "amount": "17.85", "frequency": "weekly", "startsOn": app.clock.today.description])
            #expect(saved.status == .seeOther)
            #expect(try await ListExpense.query(on: app.db).filter(\.$description == "Netflix").count() == 1, "today's is added at once")
        }
    }

    private func occurrences(_ app: Application) async throws -> [String] {
        try await ListExpense.query(on: app.db).sort(\.$spentOn).all().map(\.spentOn)
    }
}
