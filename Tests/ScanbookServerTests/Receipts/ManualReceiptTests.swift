import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct ManualReceiptTests {
    @Test(arguments: TestDatabase.available)
    func aReceiptTypedInWithoutAPhotoCountsInItsMonth(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            #expect(try await ReceiptCategory.query(on: app.db).count() == ReceiptDefaults.categoryKeys.count, "set up at registration")
            try await anna.get(ReceiptsURL.list.path)
            let refused = try await anna.post(ReceiptsURL.new.path, ["total": "", "merchant": "Kiosk"])
            #expect(refused.status == .unprocessableEntity)
            let bad = try await anna.post(ReceiptsURL.new.path, ["total": "4,50", "date": "31.04.2025"])
            #expect(bad.status == .unprocessableEntity)
            #expect(try await Receipt.query(on: app.db).count() == 0, "a refused receipt leaves nothing behind")

            let saved = try await anna.post(ReceiptsURL.new.path, ["total": "4,50", "date": "2025-04-30", "merchant": "Kiosk"])
            #expect(saved.status == .seeOther)
            let receipt = try #require(try await Receipt.query(on: app.db).with(\.$merchant).first())
            #expect(receipt.state == .confirmed && receipt.total?.hundredths == 450 && receipt.currency == "CHF")
            #expect(receipt.merchant?.name == "Kiosk" && receipt.$capture.id == nil)
            #expect(try await anna.get(saved.headers.first(name: .location)!).status == .ok)
            let month = try await anna.get(ReceiptsURL.budget.path(query: [("month", "2025-04")]))
            #expect(month.body.string.contains("id=\"total-spent\">4.50<"))

            let api = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            let created = try await api.send(.POST, ReceiptsAPIRoute.manual, json: ["total": "12.00", "date": "2025-04-02", "currency": "EUR"])
            #expect(created.status == .created)
            let dto = try created.content.decode(ReceiptDTO.self)
            #expect(dto.total == "12.00" && dto.currency == "EUR" && dto.state == .confirmed)
        }
    }
}
