import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 47: a deleted receipt's photo was still listed among the recent scans.
@Suite struct ReceiptDeletionTests {
    @Test(arguments: TestDatabase.available)
    func aDeletedReceiptTakesItsScanAlong(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, ocr in
            let kept = try await anna.addReceipt(ReceiptLines.shop("Migros", date: "31.01.2025", total: "40.00"), ocr: ocr)
            let deleted = try await anna.addReceipt(ReceiptLines.shop("Coop", date: "01.02.2025", total: "25.50"), ocr: ocr)
            #expect(try await Capture.query(on: app.db).count() == 2)
            let scan = try #require(try await Receipt.find(deleted, on: app.db)?.$capture.id)
            try await anna.get(ReceiptsURL.receipt(id: deleted).path)
            #expect(try await anna.post(ReceiptsURL.delete(id: deleted).path).status == .seeOther)
            #expect(try await Receipt.find(deleted, on: app.db) == nil)
            #expect(try await Capture.find(scan, on: app.db) == nil)
            #expect(try await Receipt.find(kept, on: app.db)?.$capture.id != nil)
            #expect(try await Capture.query(on: app.db).count() == 1)
            #expect(!(try await anna.get(SiteURL.captures.path).body.string.contains(scan.uuidString)))
        }
    }
}
