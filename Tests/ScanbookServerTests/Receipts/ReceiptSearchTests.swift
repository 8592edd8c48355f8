import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Finding a receipt of any month: the month picker and index, and the search by text, merchant,
/// amount and date on the page and the API; only ever the user's own receipts.
@Suite struct ReceiptSearchTests {
    /// Anna's receipts over nine years, and Ben's look-alike that must never show up for her.
    private func seed(_ app: Application, _ anna: WebSession) async throws {
        try await anna.get(ReceiptsURL.list.path)
        for fields in [
            ["total": "12.50", "date": "2018-04-12", "merchant": "Migros Zürich", "note": "Milch und Brot"],
            ["total": "1234.50", "date": "2026-03-03", "merchant": "MIGROS Bern"],
            ["total": "45.00", "date": "2025-06-01", "merchant": "Coop"],
            ["total": "3.00", "date": "2024-01-01", "merchant": "Kiosk 50%_off"],
        ] {
            #expect(try await anna.post(ReceiptsURL.new.path, fields).status == .seeOther)
        }
        let ben = WebSession(app)
        try await ben.register(email: "ben@example.org")
        try await ben.get(ReceiptsURL.list.path)
        #expect(try await ben.post(ReceiptsURL.new.path, ["total": "12.50", "date": "2018-04-10", "merchant": "Migros Ben", "note": "Milch"]).status == .seeOther)
    }

    /// The merchants of the result rows, in page order.
    private func listed(_ anna: WebSession, _ query: String, status: HTTPStatus = .ok) async throws -> [String] {
        let page = try await anna.get(ReceiptsURL.list.path + query)
        #expect(page.status == status, "\(query): \(page.body.string.prefix(200))")
        let html = page.body.string
        guard let table = html.range(of: "<table class=\"data\" id=\"receipts\">") else { return [] }
        return html[table.upperBound...].components(separatedBy: "<tr><td>").dropFirst().compactMap { row in
            row.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "</a>").first
        }
    }

    @Test(arguments: TestDatabase.available)
    func oneSearchFindsReceiptsOfEveryMonthButNeverAnotherUsers(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            try await seed(app, anna)
            #expect(try await listed(anna, "?q=migros") == ["MIGROS Bern", "Migros Zürich"], "2026 and 2018, newest first")
            let page = try await anna.get(ReceiptsURL.list.path + "?q=MiGrOs&month=2025-06").body.string
            #expect(page.contains("2 receipts found in all months") && page.contains("2018-04-12") && page.contains("2026-03-03"))
            #expect(page.contains("href=\"/receipts?month=2025-06\" id=\"clear-search\""), "clearing returns to the month shown")
            #expect(!page.contains("Migros Ben") && !page.contains("id=\"month-total\""))

            #expect(try await listed(anna, "?merchant=z%C3%BCrich") == ["Migros Zürich"])
            #expect(try await listed(anna, "?merchant=bern&q=migros") == ["MIGROS Bern"])
            #expect(try await listed(anna, "?q=MILCH+brot") == ["Migros Zürich"], "every word, in the note")
            #expect(try await listed(anna, "?q=50%25") == ["Kiosk 50%_off"], "% is no wildcard")
            #expect(try await listed(anna, "?q=_") == ["Kiosk 50%_off"], "_ is no wildcard")
            #expect(try await listed(anna, "?q=milch&merchant=ben").isEmpty, "another user's merchant")
            #expect(try await listed(anna, "?from=2018-01-01&to=2018-12-31") == ["Migros Zürich"])
            #expect(try await listed(anna, "?q=migros&to=2019-01-01") == ["Migros Zürich"])

            // The recognized text of a receipt still to check.
            let read = try await anna.addReceipt(ReceiptLines.shop("Bäckerei Huber", date: "15.03.2019", total: "7.80"), ocr: ocr)
            #expect(try await listed(anna, "?q=BAHNHOFSTRASSE").count == 1)
            #expect(try await anna.get(ReceiptsURL.list.path + "?q=bahnhofstrasse").body.string.contains(ReceiptsURL.receipt(id: read).path))
        }
    }

    @Test(arguments: TestDatabase.available)
    func amountsAreReadByThePagesNumberRule(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, _ in
            try await seed(app, anna)
            #expect(try await listed(anna, "?min=1000") == ["MIGROS Bern"])
            #expect(try await listed(anna, "?min=10&max=12.50") == ["Migros Zürich"], "both ends included")
            #expect(try await listed(anna, "?min=1%2C234.50") == ["MIGROS Bern"], "1,234.50 in English")
            #expect(try await listed(anna, "?min=13&max=1%2C234") == ["Coop"], "1,234 is a thousand in English")
            try await anna.post(SiteURL.language.path, ["lang": "de"])
            #expect(try await listed(anna, "?min=1.234%2C50") == ["MIGROS Bern"], "1.234,50 in German")
            #expect(try await listed(anna, "?min=12%2C5&max=1.234") == ["Coop", "Migros Zürich"], "1.234 is a thousand in German")
            #expect(try await listed(anna, "?from=01.01.2018&to=31.12.2018") == ["Migros Zürich"])

            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let found = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?q=migros&limit=1")
            #expect(found.status == .ok && found.headers.first(name: "X-Total-Count") == "2")
            #expect(try found.content.decode([ReceiptDTO].self).map(\.date) == ["2026-03-03"])
            #expect(found.headers.first(name: "Link")?.contains("offset=1") == true)
            let rest = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?q=migros&limit=1&offset=1").content.decode([ReceiptDTO].self)
            #expect(rest.map(\.merchant) == ["Migros Zürich"])
            let ranged = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?min=12.5&max=45&merchant=o").content.decode([ReceiptDTO].self)
            #expect(ranged.map(\.merchant) == ["Coop", "Migros Zürich"])
            let notes = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: "?q=milch").content.decode([ReceiptDTO].self)
            #expect(notes.map(\.merchant) == ["Migros Zürich"], "not Ben's")
        }
    }

    @Test(arguments: TestDatabase.available)
    func badSearchesAreRefusedWithAMessage(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, _ in
            try await seed(app, anna)
            let long = String(repeating: "x", count: 201)
            for (query, message) in [
                ("?min=abc", "“abc” is not an amount"), ("?min=20&max=10", "smallest amount is larger"),
                ("?q=\(long)", "at most 200 characters"), ("?q=a+b+c+d+e+f+g+h+i", "at most 8 words"),
                ("?from=31.02.2018", "“31.02.2018” is not a date"), ("?from=2019-01-01&to=2018-01-01", "first date is after"),
                ("?month=2018-13", "“2018-13” is not a month"), ("?max=-5", "“-5” is not an amount"),
            ] {
                let page = try await anna.get(ReceiptsURL.list.path + query)
                #expect(page.status == .badRequest, "\(query)")
                #expect(page.body.string.contains(message), "\(query)")
            }
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            for query in ["?min=abc", "?max=99999999999999999999", "?from=yesterday", "?q=\(long)", "?month=x", "?q[]=a", "?q=a%00b", "?merchant=%1B",
                          "?q=%3B%0A", "?q=%0A", "?min=10%20", "?from=2018-01-01%20", "?q=\(String(repeating: "x", count: 200))%20",
                          "?to=", "?from=01.01.2018", "?min=1%2C234.50"] {
                let response = try await api.send(.GET, ReceiptsAPIRoute.receipts, query: query)
                #expect(response.status == .badRequest, "\(query): \(response.body.string)")
                #expect(response.body.string.contains("\"reason\""), "\(query)")
            }
            // Fields that read but ask for nothing together: the document cannot say so, a 422.
            for query in ["?min=5&max=1", "?from=2019-01-01&to=2018-01-01", "?q=a+b+c+d+e+f+g+h+i"] {
                #expect(try await api.send(.GET, ReceiptsAPIRoute.receipts, query: query).status == .unprocessableEntity, "\(query)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func theMonthPickerJumpsStraightToApril2018(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, _ in
            try await seed(app, anna)
            let today = try await anna.get(ReceiptsURL.list.path).body.string
            #expect(today.contains("<input type=\"month\" name=\"month\" id=\"month-input\""))
            #expect(today.contains("href=\"/receipts?month=2018-04\" data-month=\"2018-04\""), "the month index links April 2018")
            #expect(today.contains("data-year=\"2026\"") && today.contains("data-year=\"2018\""))
            for typed in ["2018-04", "2018-4", "04.2018", "4%2F2018"] {
                let page = try await anna.get(ReceiptsURL.list.path + "?month=\(typed)")
                #expect(page.status == .ok, "\(typed)")
                #expect(page.body.string.contains("<h2 id=\"month-label\">April 2018</h2>"), "\(typed)")
                #expect(try await listed(anna, "?month=\(typed)") == ["Migros Zürich"], "\(typed)")
            }
            let april = try await anna.get(ReceiptsURL.list.path + "?month=2018-04").body.string
            #expect(april.contains("href=\"/receipts?month=2018-03\" id=\"previous-month\"") && april.contains("href=\"/receipts?month=2018-05\" id=\"next-month\""))
            #expect(april.contains("data-month=\"2018-04\" aria-current=\"page\""))
        }
    }
}
