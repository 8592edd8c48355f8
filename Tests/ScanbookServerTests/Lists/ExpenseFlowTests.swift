import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

extension WebSession {
    @discardableResult
    func addExpense(_ list: UUID, _ fields: [String: String]) async throws -> TestingHTTPResponse {
        try await get(ListsURL.expenses(id: list).path)
        return try await post(ListsURL.expenses(id: list).path, fields)
    }
}

extension Application {
    func userID(_ email: String) async throws -> UUID {
        try #require(try await User.query(on: db).filter(\.$email == email).first()?.id)
    }
}

@Suite struct ExpenseFlowTests {
    @Test(arguments: TestDatabase.available)
    func expensesAreSplitBalancedAndSettled(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            // Anna pays 30.00 for everyone (equal is the default); Ben 10.00 by shares 1 : 1 : 2.
            #expect(try await flat.anna.addExpense(flat.list, ["description": "Putzmittel", "amount": "30,00"]).status == .seeOther)
            let byShares = [
                "description": "Pizza", "amount": "10.00", "split": "shares",
                "member[\(flat.annaID)]": "1", "share[\(flat.annaID)]": "1",
                "member[\(flat.benID)]": "1", "share[\(flat.benID)]": "1",
                "member[\(flat.carlaID)]": "1", "share[\(flat.carlaID)]": "2",
            ]
            #expect(try await flat.ben.addExpense(flat.list, byShares).status == .seeOther)
            var balances = try await flat.balances(app)
            // anna +30 − 10 − 2.50; ben +10 − 10 − 2.50; carla −10 − 5.
            #expect(flat.balance(balances, flat.annaID) == "17.50")
            #expect(flat.balance(balances, flat.benID) == "-2.50")
            #expect(flat.balance(balances, flat.carlaID) == "-15.00")
            #expect(Set(balances.plan.map { "\($0.from)>\($0.to):\($0.amount)" }) == ["\(flat.carlaID)>\(flat.annaID):15.00", "\(flat.benID)>\(flat.annaID):2.50"])

            // Refused input changes nothing.
            let before = try await ListExpense.query(on: app.db).count()
            let percentOff = ["description": "Kino", "amount": "20", "split": "percent", "member[\(flat.annaID)]": "1", "share[\(flat.annaID)]": "50",
                              "member[\(flat.benID)]": "1", "share[\(flat.benID)]": "40"]
            let refused = try await flat.ben.addExpense(flat.list, percentOff)
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("90.00 %"))
            let exactOff = ["description": "Kino", "amount": "20", "split": "exact", "member[\(flat.annaID)]": "1", "share[\(flat.annaID)]": "15"]
            #expect(try await flat.ben.addExpense(flat.list, exactOff).status == .unprocessableEntity)
            #expect(try await flat.ben.addExpense(flat.list, ["description": "Kino", "amount": "-5"]).status == .unprocessableEntity)
            #expect(try await flat.ben.addExpense(flat.list, ["description": "Kino", "amount": "5", "choosing": "1"]).status == .unprocessableEntity, "nobody ticked")
            #expect(try await flat.ben.addExpense(flat.list, ["description": "", "amount": "5"]).status == .unprocessableEntity)
            #expect(try await flat.ben.addExpense(flat.list, ["description": "Kino", "amount": "5", "date": "31.02.2026"]).status == .unprocessableEntity)
            #expect(try await ListExpense.query(on: app.db).count() == before)

            // Carla pays her part from the proposal: the rest of the plan stays as it was.
            let page = try await flat.carla.get(ListsURL.expenses(id: flat.list).path).body.string
            #expect(page.contains("-15.00") && page.contains("+17.50"))
            // German pages write money as receipts do, and the "Paid" form still sends a plain amount.
            try await flat.ben.post(SiteURL.language.path, ["lang": "de"])
            let german = try await flat.ben.get(ListsURL.expenses(id: flat.list).path).body.string
            #expect(german.contains("-15,00") && german.contains("+17,50") && german.contains(#"name="amount" value="2.50""#), "his own transfer")
            #expect(try await flat.carla.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.carlaID)", "to": "\(flat.annaID)", "amount": "15.00"]).status == .seeOther)
            balances = try await flat.balances(app)
            #expect(flat.balance(balances, flat.carlaID) == "0.00")
            #expect(balances.plan.map { "\($0.from)>\($0.to):\($0.amount)" } == ["\(flat.benID)>\(flat.annaID):2.50"])
            // Only the payer, the payee or the owner records a payment.
            #expect(try await flat.carla.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.benID)", "to": "\(flat.annaID)", "amount": "2.50"]).status == .forbidden)
            #expect(try await flat.ben.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.benID)", "to": "\(flat.annaID)", "amount": "2.50"]).status == .seeOther)
            balances = try await flat.balances(app)
            #expect(balances.plan.isEmpty && balances.balances.allSatisfy { $0.balance == "0.00" })

            // History filters; deleting is for whoever added it or the owner.
            let api = APIClient(app: app, token: try await app.apiToken(email: "carla@example.org"))
            let pizza = try await api.send(.GET, ListsAPIRoute.expenses(id: flat.list), query: "?q=Pizza").content.decode([ExpenseDTO].self)
            #expect(pizza.map(\.description) == ["Pizza"] && pizza[0].parts.map(\.amount) == ["2.50", "2.50", "5.00"])
            let paidByAnna = try await api.send(.GET, ListsAPIRoute.expenses(id: flat.list), query: "?member=\(flat.annaID)").content.decode([ExpenseDTO].self)
            #expect(paidByAnna.count == 2, "anna paid one and shares the other")
            #expect(try await api.send(.DELETE, ListsAPIRoute.expense(id: flat.list, expense: pizza[0].id)).status == .forbidden)
            #expect(try await flat.anna.post(ListsURL.deleteExpense(id: flat.list, expense: pizza[0].id).path).status == .seeOther)
            #expect(try await ExpenseShare.query(on: app.db).count() == 3, "the pizza's parts went with it")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPIAddsExpensesWithEveryKindOfSplit(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let api = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            func add(_ input: ExpenseInput) async throws -> TestingHTTPResponse { try await api.send(.POST, ListsAPIRoute.expenses(id: flat.list), json: input) }
            let percent = try await add(ExpenseInput(description: "Strom", amount: "100.00", paidBy: flat.annaID, date: "01.11.2026", split: "percent", parts: [
                .init(member: flat.annaID, value: "33.33"), .init(member: flat.benID, value: "33.33"), .init(member: flat.carlaID, value: "33.34"),
            ]))
            #expect(percent.status == .created)
            let strom = try percent.content.decode(ExpenseDTO.self)
            #expect(strom.parts.map(\.amount) == ["33.33", "33.33", "33.34"] && strom.date == "2026-11-01" && strom.paidBy == flat.annaID)
            let exact = try await add(ExpenseInput(description: "Wein", amount: "9.99", split: "exact", parts: [.init(member: flat.benID, value: "4.99"), .init(member: flat.carlaID, value: "5")]))
            #expect(try exact.content.decode(ExpenseDTO.self).parts.map(\.amount) == ["4.99", "5.00"])
            let equal = try await add(ExpenseInput(description: "Brot", amount: "1.00", parts: [.init(member: flat.annaID), .init(member: flat.benID), .init(member: flat.carlaID)]))
            #expect(try equal.content.decode(ExpenseDTO.self).parts.map(\.amount) == ["0.34", "0.33", "0.33"], "the odd cent goes to the first")
            let stranger = UUID()
            #expect(try await add(ExpenseInput(description: "X", amount: "1", parts: [.init(member: stranger)])).status == .unprocessableEntity)
            #expect(try await add(ExpenseInput(description: "X", amount: "1", paidBy: stranger)).status == .unprocessableEntity)
            #expect(try await add(ExpenseInput(description: "X", amount: "1", split: "thirds")).status == .unprocessableEntity)
            let balances = try await flat.balances(app)
            #expect(balances.balances.map { Int($0.balance.replacingOccurrences(of: ".", with: ""))! }.reduce(0, +) == 0)
            let fetched = try await api.send(.GET, ListsAPIRoute.expense(id: flat.list, expense: strom.id))
            #expect(try fetched.content.decode(ExpenseDTO.self).description == "Strom")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aNonMemberGetsNotFoundAndAPrivateListHasNoExpenses(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            try await flat.anna.addExpense(flat.list, ["description": "Putzmittel", "amount": "30"])
            let expense = try #require(try await ListExpense.query(on: app.db).first()?.id)
            let mallory = WebSession(app)
            try await mallory.register(email: "mallory@example.org")
            try await mallory.get(ListsURL.index.path)
            #expect(try await mallory.get(ListsURL.expenses(id: flat.list).path).status == .notFound)
            for url in [ListsURL.expenses(id: flat.list), .deleteExpense(id: flat.list, expense: expense), .payments(id: flat.list)] {
                #expect(try await mallory.post(url.path, ["description": "x", "amount": "1", "from": "\(flat.annaID)", "to": "\(flat.benID)"]).status == .notFound, "\(url)")
            }
            #expect(try await mallory.post(ListsURL.expenseFromReceipt.path, ["list": "\(flat.list)", "receipt": "\(UUID())"]).status == .notFound)
            let api = APIClient(app: app, token: try await app.apiToken(email: "mallory@example.org"))
            for (method, route) in [(HTTPMethod.GET, ListsAPIRoute.expenses(id: flat.list)), (.POST, .expenses(id: flat.list)), (.GET, .expense(id: flat.list, expense: expense)),
                                    (.DELETE, .expense(id: flat.list, expense: expense)), (.GET, .balances(id: flat.list)), (.POST, .payments(id: flat.list))] {
                #expect(try await api.send(method, route, json: ExpenseInput(description: "x", amount: "1")).status == .notFound, "\(method) \(route)")
            }
            #expect(try await ListExpense.query(on: app.db).count() == 1, "nothing changed")
            #expect(try await ListPayment.query(on: app.db).count() == 0)

            let mine = try await flat.anna.firstListID()
            #expect(try await flat.anna.addExpense(mine, ["description": "Kaffee", "amount": "4"]).status == .conflict, "expenses are for shared lists")
        }
    }

    @Test(arguments: TestDatabase.available)
    func removingAMemberKeepsTheirExpensesAndBalance(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            try await flat.ben.addExpense(flat.list, ["description": "Internet", "amount": "60"])
            try await flat.anna.get(ListsURL.list(id: flat.list).path)
            #expect(try await flat.anna.post(ListsURL.removeMember(id: flat.list, user: flat.benID).path).status == .seeOther)
            #expect(try await ListExpense.query(on: app.db).count() == 1)
            #expect(try await ExpenseShare.query(on: app.db).count() == 3)
            var balances = try await flat.balances(app)
            let ben = try #require(balances.balances.first { $0.member == flat.benID })
            #expect(ben.balance == "40.00" && !ben.isMember, "ben left with 40.00 to get back")
            #expect(balances.plan.count == 2, "anna and carla still owe ben")
            let page = try await flat.anna.get(ListsURL.expenses(id: flat.list).path).body.string
            #expect(page.contains("Internet") && page.contains("+40.00"))
            // The owner records what was paid to someone who left; new expenses are for current members only.
            #expect(try await flat.anna.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.annaID)", "to": "\(flat.benID)", "amount": "20"]).status == .seeOther)
            #expect(try await flat.anna.addExpense(flat.list, ["description": "X", "amount": "5", "paidBy": "\(flat.benID)"]).status == .unprocessableEntity)
            balances = try await flat.balances(app)
            #expect(flat.balance(balances, flat.benID) == "20.00" && flat.balance(balances, flat.annaID) == "0.00")
            // Once settled, someone who left takes no more payments; a stranger never does.
            try await flat.carla.get(ListsURL.expenses(id: flat.list).path)
            #expect(try await flat.carla.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.carlaID)", "to": "\(flat.benID)", "amount": "20"]).status == .seeOther)
            let settledPayment = try await flat.anna.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.annaID)", "to": "\(flat.benID)", "amount": "1"])
            #expect(settledPayment.status == .unprocessableEntity)
            let stranger = try await flat.anna.post(ListsURL.payments(id: flat.list).path, ["from": "\(flat.annaID)", "to": "\(UUID())", "amount": "1"])
            #expect(stranger.status == .unprocessableEntity)
            #expect(try await ListPayment.query(on: app.db).count() == 2)
        }
    }

    /// Issue 45, item 1 (API): a receipt split item by item, one item shared by two, the rest to
    /// one each; parts add up to the total to the cent and the balances follow.
    @Test(arguments: TestDatabase.available)
    func aReceiptIsSplitItemByItemToTheCent(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let receiptID = try await flat.receipt(totalMinor: 2_700, on: app)
            for (position, (name, amount)) in [("Milch", 300), ("Wein", 1_501), ("Brot", 1_199)].enumerated() {
                try await ReceiptLineItem(receiptID: receiptID, position: position, item: ReceiptItem(name: name, amount: Amount(hundredths: amount))).create(on: app.db)
            }
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            // Milk to Anna, wine shared by Ben and Carla, bread to everyone; the lines come to 30.00
            // (a 3.00 discount the reader missed), spread in proportion.
            let input = ReceiptSplitInput(receipt: receiptID, lines: [
                .init(name: "Milch", amount: "3.00", members: [flat.annaID]),
                .init(name: "Wein", amount: "15.01", members: [flat.benID, flat.carlaID]),
                .init(name: "Brot", amount: "11.99", members: nil),
            ])
            let created = try await api.send(.POST, ListsAPIRoute.receiptSplits(id: flat.list), json: input)
            #expect(created.status == .created, "\(created.body.string)")
            let expense = try created.content.decode(ExpenseDTO.self)
            #expect(expense.amount == "27.00" && expense.split == "exact")
            let parts = Dictionary(uniqueKeysWithValues: expense.parts.map { ($0.member, $0.amount) })
            // Wine: the odd cent to Ben; bread 3.99 each and its two odd cents to Anna and Carla, who had
            // none yet. Anna 3.00 + 4.00 = 7.00 → 6.30; Ben 7.51 + 3.99 = 11.50 → 10.35; Carla 7.50 + 4.00 → 10.35.
            #expect(parts[flat.annaID] == "6.30" && parts[flat.benID] == "10.35" && parts[flat.carlaID] == "10.35", "\(parts)")
            let balances = try await flat.balances(app)
            #expect(flat.balance(balances, flat.annaID) == "20.70" && flat.balance(balances, flat.benID) == "-10.35")
            #expect(try await ListExpense.query(on: app.db).filter(\.$receipt.$id == receiptID).count() == 1)

            // Without lines, the items the reader found go to everyone; a line for a stranger is refused.
            let again = try await api.send(.POST, ListsAPIRoute.receiptSplits(id: flat.list), json: ReceiptSplitInput(receipt: receiptID))
            #expect(again.status == .conflict, "a receipt is one expense")
            let stranger = ReceiptSplitInput(receipt: receiptID, lines: [.init(name: "X", amount: "1.00", members: [UUID()])])
            let refused = try await api.send(.POST, ListsAPIRoute.receiptSplits(id: flat.list), json: stranger)
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("not on this list"))
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            #expect(try await benAPI.send(.POST, ListsAPIRoute.receiptSplits(id: flat.list), json: input).status == .notFound, "only its owner splits a receipt")
        }
    }

    /// Issue 45, item 1 (page): the receipt page offers the split; the split page lists the lines
    /// with a checkbox per member and offers the shopping-list items the lines bought; a refused
    /// split shows again with what was typed; the saved one ticks the chosen items off and the
    /// receipt page then links to the list.
    @Test(arguments: TestDatabase.available)
    func aReceiptIsSplitOnItsPageAndTheShoppingListTickedOff(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let receiptID = try await flat.receipt(totalMinor: 1_000, on: app)
            for (position, (name, amount)) in [("BIO VOLLMILCH 1L", 250), ("Äpfel Gala", 750)].enumerated() {
                try await ReceiptLineItem(receiptID: receiptID, position: position, item: ReceiptItem(name: name, amount: Amount(hundredths: amount))).create(on: app.db)
            }
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            for name in ["Milch", "Apfel", "Brot"] {
                #expect(try await api.send(.POST, ListsAPIRoute.items(id: flat.list), json: ItemInput(name: name)).status == .created)
            }
            let receiptPage = try await flat.anna.get(ReceiptsURL.receipt(id: receiptID).path).body.string
            #expect(receiptPage.contains(#"<form method="get" action="\#(ListsURL.receiptSplit.path)" class="inline" id="split-receipt">"#))

            let splitPage = try await flat.anna.get(ListsURL.receiptSplit.path + "?receipt=\(receiptID)&list=\(flat.list)")
            #expect(splitPage.status == .ok)
            let html = splitPage.body.string
            #expect(html.contains(#"name="amount[1]" value="7.50""#) && html.contains(#"name="who[0][]" value="\#(flat.benID)""#))
            let offered = try await ListItem.query(on: app.db).filter(\.$list.$id == flat.list).all()
            let milk = try #require(offered.first { $0.name == "Milch" }), apples = try #require(offered.first { $0.name == "Apfel" })
            let bread = try #require(offered.first { $0.name == "Brot" })
            let milkID = try milk.requireID(), applesID = try apples.requireID(), breadID = try bread.requireID()
            #expect(html.contains(#"name="tick[]" value="\#(milkID)" checked"#) && html.contains("\(applesID)"))
            #expect(!html.contains("\(breadID)"), "bread was not on the receipt")
            // The API offers the same.
            let draft = try await api.send(.GET, ListsAPIRoute.receiptSplits(id: flat.list), query: "?receipt=\(receiptID)").content.decode(ReceiptSplitDraftDTO.self)
            #expect(draft.lines.map(\.amount) == ["2.50", "7.50"] && Set(draft.tickOffOffers.map(\.item)) == [milkID, applesID])

            // A line without a number is refused; the page keeps what was typed and nothing changes.
            let common = "receipt=\(receiptID)&list=\(flat.list)&tick[]=\(milkID)"
            let refused = try await flat.anna.postRaw(ListsURL.receiptSplit.path, common + "&name[0]=Milch&amount[0]=2.50&name[1]=Apfel&amount[1]=sieben&who[1][]=\(flat.benID)")
            #expect(refused.status == .unprocessableEntity && refused.body.string.contains("Line 2") && refused.body.string.contains(#"value="sieben""#))
            #expect(try await ListExpense.query(on: app.db).count() == 0)
            let untouched = try await ListItem.find(milk.id, on: app.db)
            #expect(untouched?.checkedAt == nil)

            // Milk to Anna, apples shared by Ben and Carla, a 1.00 deposit added by hand for everyone.
            let body = common + "&name[0]=Milch&amount[0]=2.50&who[0][]=\(flat.annaID)&name[1]=Apfel&amount[1]=6.50&who[1][]=\(flat.benID)&who[1][]=\(flat.carlaID)"
                + "&name[2]=&amount[2]=&name[3]=Depot&amount[3]=1.00"
            let saved = try await flat.anna.postRaw(ListsURL.receiptSplit.path, body)
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == ListsURL.expenses(id: flat.list).path)
            let expense = try #require(try await ListExpense.query(on: app.db).filter(\.$receipt.$id == receiptID).with(\.$shares).first())
            let parts = Dictionary(uniqueKeysWithValues: expense.shares.map { ($0.$user.id, $0.amount) })
            #expect(parts == [flat.annaID: 284, flat.benID: 358, flat.carlaID: 358], "2.50 + 0.34; 3.25 + 0.33 each")
            let milkAfter = try await ListItem.find(milk.id, on: app.db), applesAfter = try await ListItem.find(apples.id, on: app.db)
            #expect(milkAfter?.checkedAt != nil, "milk ticked off")
            #expect(applesAfter?.checkedAt == nil, "apples were unticked on the page")
            let sharedPage = try await flat.anna.get(ReceiptsURL.receipt(id: receiptID).path).body.string
            #expect(sharedPage.contains(ListsURL.expenses(id: flat.list).path) && !sharedPage.contains(#"id="split-receipt""#))
            #expect(try await flat.ben.get(ListsURL.receiptSplit.path + "?receipt=\(receiptID)&list=\(flat.list)").status == .notFound, "only its owner splits a receipt")
        }
    }

    @Test(arguments: TestDatabase.available)
    func aReceiptBecomesAnExpenseOnce(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let flat = try await Flat(app)
            let receiptID = try await flat.receipt(totalMinor: 4590, on: app)

            // Ben cannot share Anna's receipt.
            try await flat.ben.get(ListsURL.list(id: flat.list).path)
            #expect(try await flat.ben.post(ListsURL.expenseFromReceipt.path, ["list": "\(flat.list)", "receipt": "\(receiptID)"]).status == .notFound)
            let receiptPage = try await flat.anna.get(ReceiptsURL.receipt(id: receiptID).path).body.string
            #expect(receiptPage.contains("id=\"share-receipt\"") && receiptPage.contains(">WG</option>"))
            #expect(try await flat.anna.post(ListsURL.expenseFromReceipt.path, ["list": "\(flat.list)", "receipt": "\(receiptID)"]).status == .seeOther)
            let expense = try #require(try await ListExpense.query(on: app.db).with(\.$shares).first())
            #expect(expense.amount == 4590 && expense.spentOn == "2026-11-02" && expense.$receipt.id == receiptID && expense.$paidBy.id == flat.annaID)
            #expect(expense.shares.map(\.amount).sorted() == [1530, 1530, 1530])
            // A second time is refused with a message on the receipt page.
            try await flat.anna.get(ReceiptsURL.receipt(id: receiptID).path)
            let again = try await flat.anna.post(ListsURL.expenseFromReceipt.path, ["list": "\(flat.list)", "receipt": "\(receiptID)"])
            #expect(again.headers.first(name: .location) == ReceiptsURL.receipt(id: receiptID).path)
            #expect(try await flat.anna.get(ReceiptsURL.receipt(id: receiptID).path).body.string.contains("already an expense"))
            #expect(try await ListExpense.query(on: app.db).count() == 1)
        }
    }
}
