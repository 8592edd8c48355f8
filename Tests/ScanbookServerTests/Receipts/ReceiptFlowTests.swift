import Fluent
import Foundation
import ScanbookOCR
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct ReceiptFlowTests {
    /// With either reader (PP-OCR's models come from `make models`, which `make test` runs first).
    @Test(arguments: TestDatabase.available, TextReaderEngine.allCases)
    func aPhotographedReceiptIsReadAndWaitsToBeChecked(_ database: TestDatabase, _ engine: TextReaderEngine) async throws {
        try await withScanbook(database, configure: { $0.captureWorkers = 1; $0.ocrEngine = engine }) { app, _ in
            app.startCaptureWorkers()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await anna.get(ReceiptsURL.list.path)
            let photo = FormFile(filename: "coop.jpg", contentType: "image/jpeg", bytes: try Fixtures.bytes("receipt-coop.jpg"))
            let uploaded = try await anna.post(ReceiptsURL.list.path, files: ["image": photo])
            #expect(uploaded.status == .seeOther)
            let path = try #require(uploaded.headers.first(name: .location))
            let pending = try await anna.get(path)
            #expect(pending.status == .ok)

            let receiptID = try #require(UUID(uuidString: String(path.split(separator: "/").last!)))
            let captureID = try #require(try await Receipt.find(receiptID, on: app.db)?.$capture.id)
            let capture = try await app.waitForCapture(captureID)
            #expect(capture.status == .done, "error: \(capture.error ?? "none")")
            // Ready as the job finished, in the worker: no page had to be opened for it.
            #expect(try await Receipt.find(receiptID, on: app.db)?.state == .review)

            let page = try await anna.get(path)
            #expect(page.headers.first(name: "Refresh") == nil)
            let receipt = try #require(try await Receipt.query(on: app.db).filter(\.$id == receiptID).with(\.$merchant).first())
            let truth = try JSONDecoder().decode([String: String].self, from: Data(try Fixtures.bytes("receipt-coop.json")))
            #expect(receipt.state == .review)
            #expect(receipt.total?.description == truth["total"])
            #expect(receipt.purchasedOn == truth["date"])
            #expect(receipt.currency == truth["currency"])
            #expect(receipt.merchant?.name == truth["merchant"])
            #expect(page.body.string.contains("value=\"\(truth["total"]!)\""))
            #expect(page.body.string.contains("Coop Bahnhof Bern"))
            // The items read are stored with it and shown for the review (and a later split).
            let items = try await ReceiptLineItem.query(on: app.db).filter(\.$receipt.$id == receiptID).sort(\.$position).all()
            #expect(items.count >= 3, "\(items.map(\.name))")
            #expect(page.body.string.contains("id=\"receipt-items\"") && items.allSatisfy { page.body.string.contains($0.name) })
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let dto = try await api.send(.GET, ReceiptsAPIRoute.receipt(id: receiptID)).content.decode(ReceiptDTO.self)
            #expect(dto.items?.count == items.count && dto.itemsAddUp == receipt.itemsAddUp)
        }
    }

    @Test(arguments: TestDatabase.available)
    func correctingTheTotalTeachesItsKeyword(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let lines = ["Bäckerei Huber", "Datum 03.02.2025", "Brot 4.20", "Gipfeli 3.60", "Endsumme 7,80", "Gegeben 10,00"]
            let first = try await anna.addReceipt(lines, ocr: ocr)
            try await anna.get(ReceiptsURL.receipt(id: first).path)
            #expect(try await Receipt.find(first, on: app.db)?.total?.hundredths != 780)

            // The receipt prints no currency: saving without one is refused, nothing changes.
            let unread = try await anna.get(ReceiptsURL.receipt(id: first).path)
            #expect(unread.body.string.contains("id=\"currency-unread\""), "the form says the currency was not read")
            #expect(try await Receipt.find(first, on: app.db)?.currency == nil)
            let withoutCurrency = try await anna.post(ReceiptsURL.receipt(id: first).path, ["total": "7,80", "currency": ""])
            #expect(withoutCurrency.status == .unprocessableEntity)
            #expect(try await Receipt.find(first, on: app.db)?.state == .review)

            let saved = try await anna.post(ReceiptsURL.receipt(id: first).path, ["total": "7,80", "currency": "CHF"])
            #expect(saved.status == .seeOther)
            let shown = try await anna.get(ReceiptsURL.receipt(id: first).path)
            #expect(shown.body.string.contains("endsumme"), "the page tells what was learned")
            let learned = try await TotalKeyword.query(on: app.db).filter(\.$phrase == "endsumme").all()
            #expect(learned.count == 1 && learned[0].learned)
            #expect(try await Receipt.find(first, on: app.db)?.state == .confirmed)

            let second = try await anna.addReceipt(lines, ocr: ocr)
            try await anna.get(ReceiptsURL.list.path)
            #expect(try await Receipt.find(second, on: app.db)?.total?.hundredths == 780, "the learned keyword finds the total")

            let keywords = try await anna.get(ReceiptsURL.keywords.path)
            #expect(keywords.body.string.contains("endsumme"))
            let removed = try await anna.post(ReceiptsURL.deleteKeyword(id: learned[0].id).path)
            #expect(removed.status == .seeOther)
            #expect(try await TotalKeyword.query(on: app.db).filter(\.$phrase == "endsumme").count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aKnownMerchantIsMatchedAndItsCategoryProposed(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let first = try await anna.addReceipt(ReceiptLines.shop("MIGROS ZÜRICH HB", date: "02.06.2025", total: "12.50"), ocr: ocr)
            try await anna.get(ReceiptsURL.receipt(id: first).path)
            let groceries = try await anna.categoryID("Groceries")
            #expect(try await anna.post(ReceiptsURL.receipt(id: first).path, ["category": groceries.uuidString]).status == .seeOther)

            let second = try await anna.addReceipt(ReceiptLines.shop("Migros Zurich HB", date: "05.06.2025", total: "8.40"), ocr: ocr)
            try await anna.get(ReceiptsURL.list.path)
            let receipt = try #require(try await Receipt.query(on: app.db).filter(\.$id == second).with(\.$allocations).first())
            #expect(try await Merchant.query(on: app.db).count() == 1, "the same shop, not a second merchant")
            #expect(receipt.allocations.map(\.$category.id) == [groceries])
            #expect(receipt.allocations.first?.amountHundredths == 840)
        }
    }

    @Test(arguments: TestDatabase.available)
    func badFieldsAreRefusedAndNothingChanges(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let id = try await anna.addReceipt(ReceiptLines.shop("Denner AG", date: "02.06.2025", total: "12.50"), ocr: ocr)
            try await anna.get(ReceiptsURL.receipt(id: id).path)
            let refused = try await anna.post(ReceiptsURL.receipt(id: id).path, ["total": "zwölf", "date": "2025-02-30", "note": "changed"])
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("zwölf"))
            // Issue 47: the form shows again what was typed, not the stored values.
            #expect(refused.body.string.contains(#"value="zwölf""#) && refused.body.string.contains(#"value="2025-02-30""#) && refused.body.string.contains(#"value="changed""#))
            let receipt = try #require(try await Receipt.find(id, on: app.db))
            #expect(receipt.total?.hundredths == 1250 && receipt.purchasedOn == "2025-06-02" && receipt.note == nil)
            #expect(receipt.state == .review)

            let noCSRF = try await anna.post(ReceiptsURL.receipt(id: id).path, ["total": "1.00"], csrf: false)
            #expect(noCSRF.status == .forbidden)
            #expect(try await Receipt.find(id, on: app.db)?.total?.hundredths == 1250)

            let notAnImage = FormFile(filename: "x.jpg", contentType: "image/jpeg", bytes: Array("not an image".utf8))
            let countBefore = try await Receipt.query(on: app.db).count()
            let upload = try await anna.post(ReceiptsURL.list.path, files: ["image": notAnImage])
            #expect(upload.status == .unsupportedMediaType)
            #expect(try await Receipt.query(on: app.db).count() == countBefore)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anotherUsersReceiptsCategoriesAndKeywordsAreNotFound(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let id = try await anna.addReceipt(ReceiptLines.shop("Denner AG", date: "02.06.2025", total: "12.50"), ocr: ocr)
            try await anna.get(ReceiptsURL.list.path)
            let category = try await anna.categoryID("Groceries")
            let keyword = try #require(try await TotalKeyword.query(on: app.db).first()?.id)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            try await ben.get(ReceiptsURL.list.path)
            #expect(try await ben.get(ReceiptsURL.receipt(id: id).path).status == .notFound)
            #expect(try await ben.post(ReceiptsURL.receipt(id: id).path, ["total": "1.00"]).status == .notFound)
            #expect(try await ben.post(ReceiptsURL.delete(id: id).path).status == .notFound)
            #expect(try await ben.post(ReceiptsURL.category(id: category).path, ["name": "Mine"]).status == .notFound)
            #expect(try await ben.post(ReceiptsURL.deleteKeyword(id: keyword).path).status == .notFound)
            let benGroceries = try await ReceiptCategory.query(on: app.db).filter(\.$name == "Groceries").filter(\.$id != category).first()
            // Ben has categories of his own and sees none of Anna's receipts.
            let list = try await ben.get(ReceiptsURL.list.path)
            #expect(!list.body.string.contains("Denner"))
            #expect(benGroceries != nil)

            let token = try await app.apiToken(email: "carl@example.org")
            let api = APIClient(app: app, token: token)
            #expect(try await api.send(.GET, ReceiptsAPIRoute.receipt(id: id)).status == .notFound)
            #expect(try await api.send(.PATCH, ReceiptsAPIRoute.receipt(id: id), json: ["total": "1.00"]).status == .notFound)
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.receipt(id: id)).status == .notFound)
            #expect(try await api.send(.PATCH, ReceiptsAPIRoute.category(id: category), json: ["name": "x"]).status == .notFound)
            #expect(try await api.send(.DELETE, ReceiptsAPIRoute.keyword(id: keyword)).status == .notFound)
            #expect(try await Receipt.find(id, on: app.db)?.total?.hundredths == 1250)
            #expect(try await api.send(.GET, ReceiptsAPIRoute.receipts).status == .ok)
            #expect(try await APIClient(app: app, token: "wrong").send(.GET, ReceiptsAPIRoute.receipts).status == .unauthorized)
        }
    }
}
