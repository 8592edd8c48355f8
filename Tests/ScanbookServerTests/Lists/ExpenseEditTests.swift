import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// An expense typed wrong is changed in place, not deleted and entered again: the balances follow,
/// the parts are split again, and only whoever added it (or the owner) may change it.
@Suite struct ExpenseEditTests {
    /// "WG", owned by anna, with ben as a member.
    private static func sharedList(_ app: Application) async throws -> (anna: WebSession, ben: WebSession, list: UUID) {
        let anna = WebSession(app), ben = WebSession(app)
        try await anna.register(email: "anna@example.org")
        try await ben.register(email: "ben@example.org")
        let list = try await anna.createList("WG")
        try await anna.get(ListsURL.list(id: list).path)
        try await anna.post(ListsURL.members(id: list).path, ["email": "ben@example.org"])
        try await ben.acceptInvitation()
        return (anna, ben, list)
    }

    @Test(arguments: TestDatabase.available)
    func anExpenseIsEditedInPlaceOnThePageAndThroughTheAPI(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let (anna, ben, list) = try await Self.sharedList(app)
            let annaID = try await app.userID("anna@example.org"), benID = try await app.userID("ben@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            func balances() async throws -> [UUID: String] {
                let dto = try await api.send(.GET, ListsAPIRoute.balances(id: list)).content.decode(BalancesDTO.self)
                return Dictionary(uniqueKeysWithValues: dto.balances.map { ($0.member, $0.balance) })
            }

            try await anna.addExpense(list, ["description": "Putzmittl", "amount": "30,00"])
            let expense = try #require(try await ListExpense.query(on: app.db).first())
            let edit = ListsURL.editExpense(id: list, expense: expense.id).path

            // The edit page shows the expense in the form, which saves to it.
            let page = try await anna.get(edit)
            #expect(page.status == .ok)
            #expect(page.body.string.contains(#"value="Putzmittl""#) && page.body.string.contains(#"value="30.00""#))
            #expect(page.body.string.contains(#"action="\#(edit)""#))

            // Ben did not add it and does not own the list.
            #expect(try await ben.get(edit).status == .forbidden)
            try await ben.get(ListsURL.expenses(id: list).path)
            #expect(try await ben.post(edit, ["description": "Mine", "amount": "1"]).status == .forbidden)

            // Anna corrects name and amount: still one expense, parts and balances follow.
            let saved = try await anna.post(edit, [
                "description": "Putzmittel", "amount": "60,00", "choosing": "1", "member[\(annaID)]": "1", "member[\(benID)]": "1",
            ])
            #expect(saved.status == .seeOther)
            #expect(try await ListExpense.query(on: app.db).count() == 1)
            #expect(try await balances() == [annaID: "30.00", benID: "-30.00"])

            // A refused edit changes nothing.
            #expect(try await anna.post(edit, ["description": "Putzmittel", "amount": "-3"]).status == .unprocessableEntity)
            #expect(try await balances() == [annaID: "30.00", benID: "-30.00"])

            // The API changes only what it sends: the amount, split again the same way.
            let patched = try await api.send(.PATCH, ListsAPIRoute.expense(id: list, expense: expense.id), json: ["amount": "12.00"])
            #expect(patched.status == .ok)
            let dto = try patched.content.decode(ExpenseDTO.self)
            #expect(dto.description == "Putzmittel" && dto.amount == "12.00" && dto.parts.map(\.amount) == ["6.00", "6.00"])
            #expect(try await balances() == [annaID: "6.00", benID: "-6.00"])

            // Changing the split needs the parts; Ben paid it all for himself.
            let exact = ExpenseInput(paidBy: benID, split: "exact", parts: [.init(member: benID, value: "12.00")])
            #expect(try await api.send(.PATCH, ListsAPIRoute.expense(id: list, expense: expense.id), json: exact).status == .ok)
            #expect(try await balances() == [annaID: "0.00", benID: "0.00"])
            #expect(try await ExpenseShare.query(on: app.db).count() == 1)
            #expect(try await api.send(.PATCH, ListsAPIRoute.expense(id: list, expense: expense.id), json: ["split": "percent"]).status == .unprocessableEntity)
        }
    }

    /// The page reads a typed number by its language; the API always by a decimal point.
    @Test func anAmbiguousAmountIsReadByThePagesLanguageAndByAPointOnTheAPI() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let (anna, _, list) = try await Self.sharedList(app)
            try await anna.post(SiteURL.language.path, ["lang": "de"])
            #expect(try await anna.addExpense(list, ["description": "Sofa", "amount": "1.234"]).status == .seeOther)
            #expect(try await ListExpense.query(on: app.db).first()?.amount == 123_400, "German: a grouped thousand")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            #expect(try await api.send(.POST, ListsAPIRoute.expenses(id: list), json: ["description": "Tisch", "amount": "1.234"]).status == .unprocessableEntity, "a third decimal")
            #expect(try await api.send(.POST, ListsAPIRoute.expenses(id: list), json: ["description": "Tisch", "amount": "12,345"]).status == .created)
            #expect(try await ListExpense.query(on: app.db).filter(\.$description == "Tisch").first()?.amount == 1_234_500)
        }
    }
}
