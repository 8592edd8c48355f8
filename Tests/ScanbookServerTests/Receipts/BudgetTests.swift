import Fluent
import Foundation
import ScanbookCore
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct BudgetTests {
    @Test(arguments: TestDatabase.available)
    func monthViewsCountReceiptsInTheirOwnMonthAgainstBudgets(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let lastOfJanuary = try await anna.addReceipt(ReceiptLines.shop("Migros", date: "31.01.2025", total: "40.00"), ocr: ocr)
            let firstOfFebruary = try await anna.addReceipt(ReceiptLines.shop("Coop", date: "01.02.2025", total: "25.50"), ocr: ocr)
            let uncategorized = try await anna.addReceipt(ReceiptLines.shop("Kiosk", date: "28.02.2025", total: "3.20"), ocr: ocr)
            try await anna.get(ReceiptsURL.list.path)
            let groceries = try await anna.categoryID("Groceries")
            for id in [lastOfJanuary, firstOfFebruary] {
                #expect(try await anna.post(ReceiptsURL.receipt(id: id).path, ["category": groceries.uuidString]).status == .seeOther)
            }
            #expect(try await anna.post(ReceiptsURL.receipt(id: uncategorized).path, ["category": ""]).status == .seeOther)
            try await anna.get(ReceiptsURL.categories.path)
            #expect(try await anna.post(ReceiptsURL.category(id: groceries).path, ["name": "Groceries", "budget": "30"]).status == .seeOther)

            let january = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-01")]))
            #expect(january.status == .ok)
            #expect(january.body.string.contains("<svg"))
            #expect(january.body.string.contains("id=\"total-spent\">40.00<"))
            #expect(january.body.string.contains("id=\"total-remaining\">-10.00<"), "over budget by 10.00")

            let february = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-02")]))
            #expect(february.body.string.contains("id=\"total-spent\">28.70<"))
            #expect(february.body.string.contains("id=\"total-remaining\">4.50<"))
            // Issue 47: the totals add up. With money outside budgets, one row whose columns
            // subtract (25.50 of 30.00, 4.50 left, 85 %), and all spending apart.
            #expect(february.body.string.contains("id=\"total-spent-budgeted\">25.50<") && february.body.string.contains("id=\"total-budget\">30.00<"))
            #expect(february.body.string.contains(">85 %</th>"))
            #expect(!january.body.string.contains("total-spent-budgeted"), "all of January's spending had a budget: one total row")
            #expect(february.body.string.contains("Uncategorized"))

            let home = try await anna.get(SiteURL.home.path)
            #expect(home.body.string.contains("id=\"tile-figure\""))
            #expect(home.body.string.contains(": 0.00 of 30.00 CHF"), "this month has no receipts yet, the budget is 30.00")

            let march = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-03")]))
            #expect(march.body.string.contains("id=\"total-spent\">0.00<"))

            let list = try await anna.get(ReceiptsURL.list.path(query: [("month", "2025-02")]))
            #expect(list.body.string.contains("id=\"month-total\">28.70<"))
            #expect(!list.body.string.contains(">Migros<"), "January's receipt is not in February")

            let csv = try await anna.get(ReceiptsURL.export.path(query: [("month", "2025-02")]))
            #expect(csv.headers.contentType?.description.hasPrefix("text/csv") == true)
            let csvLines = csv.body.string.split(separator: "\r\n")
            #expect(csvLines.count == 3)
            #expect(csvLines.contains { $0.hasPrefix("2025-02-01,Coop,Groceries,25.50,CHF,25.50") })
            #expect(csvLines.contains { $0.hasPrefix("2025-02-28,Kiosk,Uncategorized,3.20,CHF,3.20") })
        }
    }

    /// Issue 45, item 3: a category switched to carry over in January brings January's unspent
    /// 70.00 into February (270.00 available), an overspent February passes nothing on, and the
    /// month totals agree with the rows.
    @Test(arguments: TestDatabase.available)
    func unspentBudgetCarriesOverFromTheMonthItWasSwitchedOn(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let clock = MutableClock(start: Date(timeIntervalSince1970: 1_736_935_200)) // 2025-01-15
            app.clock = clock.appClock
            let january = try await anna.addReceipt(ReceiptLines.shop("Migros", date: "20.01.2025", total: "130.00"), ocr: ocr)
            let february = try await anna.addReceipt(ReceiptLines.shop("Coop", date: "10.02.2025", total: "250.00"), ocr: ocr)
            let march = try await anna.addReceipt(ReceiptLines.shop("Coop", date: "05.03.2025", total: "150.00"), ocr: ocr)
            try await anna.get(ReceiptsURL.list.path)
            let groceries = try await anna.categoryID("Groceries")
            for id in [january, february, march] {
                #expect(try await anna.post(ReceiptsURL.receipt(id: id).path, ["category": groceries.uuidString]).status == .seeOther)
            }
            try await anna.get(ReceiptsURL.categories.path)
            let refused = try await anna.post(ReceiptsURL.category(id: groceries).path, ["name": "Groceries", "budget": "200", "carryOver": "maybe"])
            #expect(refused.status == .unprocessableEntity)
            #expect(try await anna.post(ReceiptsURL.category(id: groceries).path, ["name": "Groceries", "budget": "200", "carryOver": "1", "carryOverShown": "1"]).status == .seeOther)
            #expect(try await ReceiptCategory.find(groceries, on: app.db)?.carryOverSince == "2025-01")
            #expect(try await anna.get(ReceiptsURL.categories.path).body.string.contains(#"name="carryOver" value="1" checked"#))

            func figures(_ month: String) async throws -> String { try await anna.get(ReceiptsURL.budget.path(query: [("month", month)])).body.string }
            let jan = try await figures("2025-01")
            #expect(jan.contains(#"id="total-budget">200.00<"#) && jan.contains(#"id="total-remaining">70.00<"#) && !jan.contains("carried over"))
            let feb = try await figures("2025-02")
            #expect(feb.contains(#"id="total-budget">270.00<"#) && feb.contains(#"id="total-remaining">20.00<"#) && feb.contains("incl. 70.00 carried over"))
            let mar = try await figures("2025-03")
            #expect(mar.contains(#"id="total-budget">220.00<"#) && mar.contains(#"id="total-remaining">70.00<"#))

            // Switched off: the budget is the month's own again.
            try await anna.get(ReceiptsURL.categories.path)
            #expect(try await anna.post(ReceiptsURL.category(id: groceries).path, ["name": "Groceries", "budget": "200", "carryOverShown": "1"]).status == .seeOther)
            #expect(try await figures("2025-03").contains(#"id="total-budget">200.00<"#))
        }
    }

    /// Issue 45, item 3: a receipt in euros counts in a franc budget at the rate recorded with it,
    /// and the month says so; without a rate it is summed apart as before.
    @Test(arguments: TestDatabase.available)
    func aReceiptInEurosCountsInTheBudgetAtItsRate(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let id = try await anna.addReceipt(ReceiptLines.shop("Fnac", date: "10.03.2025", total: "50.00"), ocr: ocr)
            let groceries = try await anna.categoryID("Groceries")
            try await anna.get(ReceiptsURL.receipt(id: id).path)
            #expect(try await anna.post(ReceiptsURL.receipt(id: id).path, ["currency": "EUR", "category": groceries.uuidString, "rate": "abc"]).status == .unprocessableEntity)
            #expect(try await anna.post(ReceiptsURL.receipt(id: id).path, ["currency": "EUR", "category": groceries.uuidString, "rate": "0.9412"]).status == .seeOther)
            #expect(try await anna.get(ReceiptsURL.receipt(id: id).path).body.string.contains(#"id="field-rate""#))

            let march = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-03")])).body.string
            #expect(march.contains(#"id="total-spent">47.06<"#) && march.contains("EUR 50.00 at 0.9412 = 47.06 CHF") && !march.contains(#"id="other-currencies""#))
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let figures = try await api.send(.GET, ReceiptsAPIRoute.month("2025-03")).content.decode(BudgetMonthDTO.self)
            #expect(figures.conversions.map(\.converted) == ["47.06"] && figures.otherCurrencies.isEmpty && figures.totalSpent == "47.06")

            // The rate forgotten and none in the table: summed apart, not in the budget.
            #expect(try await anna.post(ReceiptsURL.receipt(id: id).path, ["rate": ""]).status == .seeOther)
            let apart = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-03")])).body.string
            #expect(apart.contains(#"id="total-spent">0.00<"#) && apart.contains(#"id="other-currencies""#))
        }
    }

    @Test(arguments: TestDatabase.available)
    func aSplitMustAddUpAndFeedsEveryCategory(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let id = try await anna.addReceipt(ReceiptLines.shop("Migros", date: "10.06.2025", total: "9.25"), ocr: ocr)
            try await anna.get(ReceiptsURL.receipt(id: id).path)
            let groceries = try await anna.categoryID("Groceries"), household = try await anna.categoryID("Household")
            let path = ReceiptsURL.split(id: id).path

            let wrongSum = try await anna.post(path, ["categories[0]": groceries.uuidString, "amounts[0]": "7.00", "categories[1]": household.uuidString, "amounts[1]": "2.00"])
            #expect(wrongSum.status == .unprocessableEntity)
            #expect(wrongSum.body.string.contains("9.00"))
            #expect(try await ReceiptAllocation.query(on: app.db).count() == 0)

            let split = try await anna.post(path, ["categories[0]": groceries.uuidString, "amounts[0]": "7.00", "categories[1]": household.uuidString, "amounts[1]": "2,25"])
            #expect(split.status == .seeOther)
            try await anna.post(ReceiptsURL.receipt(id: id).path, ["note": "split"])
            let bookings = try await ReceiptAllocation.query(on: app.db).all().map { ($0.$category.id, $0.amountHundredths) }
            #expect(Set(bookings.map { "\($0.0):\($0.1)" }) == ["\(groceries):700", "\(household):225"])

            let newTotal = try await anna.post(ReceiptsURL.receipt(id: id).path, ["total": "10.00"])
            #expect(newTotal.status == .unprocessableEntity, "the split would no longer add up")
            #expect(try await Receipt.find(id, on: app.db)?.total?.hundredths == 925)

            let month = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-06")]))
            #expect(month.body.string.contains("id=\"total-spent\">9.25<"))

            // Deleting a category with bookings needs a target; the bookings then merge into it.
            try await anna.get(ReceiptsURL.categories.path)
            let refused = try await anna.post(ReceiptsURL.deleteCategory(id: household).path)
            #expect(refused.status == .conflict)
            let moved = try await anna.post(ReceiptsURL.deleteCategory(id: household).path, ["reassignTo": groceries.uuidString])
            #expect(moved.status == .seeOther)
            let merged = try await ReceiptAllocation.query(on: app.db).all()
            #expect(merged.count == 1 && merged[0].amountHundredths == 925 && merged[0].$category.id == groceries)
            #expect(try await ReceiptCategory.find(household, on: app.db) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPICoversReceiptsCategoriesKeywordsMonthsAndWarranties(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let ocr = app.useScriptedReceiptOCR()
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let photo = try Fixtures.avatarPNG()
            ocr.enqueue(ReceiptLines.shop("Media Markt", date: "15.03.2025", total: "199.00"))
            let created = try await app.testing().sendRequest(.POST, ReceiptsAPIRoute.receipts.path, headers: ["Authorization": "Bearer \(api.token)"], beforeRequest: { request in
                try request.content.encode(ReceiptUploadForm(image: File(data: .init(bytes: photo.bytes), filename: "r.png")), as: .formData)
            })
            #expect(created.status == .accepted)
            let queued = try created.content.decode(ReceiptDTO.self)
            #expect(queued.state == .reading)
            #expect(try await app.captureWorkers.processNext(logger: app.logger))

            let read = try await api.send(.GET, ReceiptsAPIRoute.receipt(id: queued.id)).content.decode(ReceiptDTO.self)
            #expect(read.state == .review && read.total == "199.00" && read.date == "2025-03-15" && read.merchant == "Media Markt")

            let categories = try await api.send(.GET, ReceiptsAPIRoute.categories).content.decode([ReceiptCategoryDTO].self)
            #expect(categories.count == ReceiptDefaults.categoryKeys.count)
            let made = try await api.send(.POST, ReceiptsAPIRoute.categories, json: ["name": "Electronics", "budget": "150"])
            #expect(made.status == .created)
            let electronics = try made.content.decode(ReceiptCategoryDTO.self)
            #expect(electronics.monthlyBudget == "150.00")
            #expect(try await api.send(.POST, ReceiptsAPIRoute.categories, json: ["name": "electronics"]).status == .conflict)

            let badDate = try await api.send(.PATCH, ReceiptsAPIRoute.receipt(id: queued.id), json: ["date": "31.02.2025", "note": "x"])
            #expect(badDate.status == .unprocessableEntity)
            let patched = try await api.send(.PATCH, ReceiptsAPIRoute.receipt(id: queued.id), json: [
                "category": electronics.id.uuidString, "warrantyUntil": "15.03.2027", "note": "Kopfhörer",
            ])
            #expect(patched.status == .ok)
            let confirmed = try patched.content.decode(ReceiptDTO.self)
            #expect(confirmed.state == .confirmed && confirmed.warrantyUntil == "2027-03-15" && confirmed.note == "Kopfhörer")
            #expect(confirmed.bookings.map(\.amount) == ["199.00"])

            let month = try await api.send(.GET, ReceiptsAPIRoute.month("2025-03")).content.decode(BudgetMonthDTO.self)
            let row = try #require(month.rows.first { $0.category == electronics.id })
            #expect(row.spent == "199.00" && row.remaining == "-49.00" && row.overBudget)
            #expect(try await api.send(.GET, ReceiptsAPIRoute.month("March")).status == .badRequest)

            let warranties = try await api.send(.GET, ReceiptsAPIRoute.warranties).content.decode([ReceiptDTO].self)
            #expect(warranties.map(\.id) == [queued.id])
            let listed = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?month=2025-03").content.decode([ReceiptDTO].self)
            #expect(listed.map(\.id) == [queued.id])
            let found = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?q=kopfh").content.decode([ReceiptDTO].self)
            #expect(found.map(\.id) == [queued.id])
            let csv = try await api.send(.GET, ReceiptsAPIRoute.export, query: "?month=2025-03")
            #expect(csv.body.string.contains("2025-03-15,Media Markt,Electronics,199.00,CHF,199.00,Kopfhörer,2027-03-15"))

            let keyword = try await api.send(.POST, ReceiptsAPIRoute.keywords, json: ["phrase": "  Zu Bezahlen "])
            #expect(keyword.status == .created)
            let added = try keyword.content.decode(TotalKeywordDTO.self)
            #expect(added.phrase == "zu bezahlen")
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.keyword(id: added.id)).status == .noContent)

            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.category(id: electronics.id)).status == .conflict)
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.category(id: electronics.id), query: "?reassignTo=").status == .unprocessableEntity, "an empty id is not a category")
            let other = try #require(categories.first)
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.category(id: electronics.id), query: "?reassignTo=\(other.id)").status == .noContent)
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.receipt(id: queued.id)).status == .noContent)
            #expect(try await api.send(.GET, ReceiptsAPIRoute.receipt(id: queued.id)).status == .notFound)
        }
    }
}
