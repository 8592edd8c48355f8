import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Issue 45, item 4: a receipt whose warranty ends within the configured days gets one reminder,
/// in the app and by mail, however many instances sweep at once.
@Suite struct WarrantyReminderTests {
    @Test(arguments: TestDatabase.available)
    func aReminderIsSentOnceBeforeTheWarrantyEndsEvenWithTwoInstances(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.warrantyReminderDays = 30 }) { app, environment in
            let clock = MutableClock(start: Date(timeIntervalSince1970: 1_795_165_200)) // 2026-11-20
            let mail = FakeMailSender()
            app.clock = clock.appClock
            app.mailSender = mail
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let annaID = try #require(try await User.query(on: app.db).first()?.requireID())
            func receipt(warranty: String?) async throws -> Receipt {
                let receipt = Receipt(ownerID: annaID, captureID: nil, imageID: nil, state: .confirmed)
                receipt.totalMinor = 49_900
                receipt.purchasedOn = "2024-12-10"
                receipt.warrantyUntil = warranty
                try await receipt.create(on: app.db)
                return receipt
            }
            let soon = try await receipt(warranty: "2026-12-10")
            let later = try await receipt(warranty: "2027-03-01")
            _ = try await receipt(warranty: "2026-11-01") // ended: never reminded
            _ = try await receipt(warranty: nil)

            let first = try await app.runMaintenance()
            #expect(first.moduleWork["receipts"] == 1)
            #expect(mail.sent.count == 1)
            let message = try #require(mail.sent.first)
            #expect(message.to == "anna@example.org" && message.subject.contains("warranty") && message.text.contains(ReceiptsURL.receipt(id: soon.id).path))
            #expect(try await app.runMaintenance().moduleWork.isEmpty, "a reminder is sent once")
            #expect(mail.sent.count == 1)
            let page = try await anna.get(ReceiptsURL.list.path).body.string
            #expect(page.contains(#"id="warranty-reminders""#) && page.contains(ReceiptsURL.receipt(id: soon.id).path))
            #expect(!page.contains(ReceiptsURL.receipt(id: later.id).path))

            // Three months on, the second warranty is due: two instances on the same database sweep
            // at the same moment, and one reminder (one mail) comes of it.
            clock.advance(by: 80 * 86_400)
            try await environment.withApp { other in
                other.clock = clock.appClock
                other.mailSender = mail
                async let here = app.runMaintenance()
                async let there = other.runMaintenance()
                let done = try await (here.moduleWork["receipts"] ?? 0) + (there.moduleWork["receipts"] ?? 0)
                #expect(done == 1, "one of the two instances reminded")
            }
            #expect(mail.sent.count == 2 && mail.sent.last?.text.contains(ReceiptsURL.receipt(id: later.id).path) == true)
            let rows = try await WarrantyReminder.query(on: app.db).filter(\.$receipt.$id == later.requireID()).all()
            #expect(rows.count == 1 && rows.first?.mailedAt != nil)
            // Its end date moved: that date is reminded of in turn when due.
            later.warrantyUntil = "2027-02-25"
            try await later.save(on: app.db)
            #expect(try await app.runMaintenance().moduleWork["receipts"] == 1)
            #expect(mail.sent.count == 3)
        }
    }

    /// Sweeps take a batch at a time; those already reminded never fill a batch and hide the rest.
    @Test func everyDueReceiptIsRemindedBatchByBatch() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let ownerID = try #require(try await User.query(on: app.db).first()?.requireID())
            for day in 1...6 {
                let receipt = Receipt(ownerID: ownerID, captureID: nil, imageID: nil, state: .confirmed)
                receipt.warrantyUntil = app.clock.today.adding(days: day)?.description
                try await receipt.create(on: app.db)
            }
            var sweeps: [Int] = []
            for _ in 1...7 { sweeps.append(try await WarrantyReminders.send(app, batch: 1)) }
            #expect(sweeps == [1, 1, 1, 1, 1, 1, 0])
            #expect(try await WarrantyReminder.query(on: app.db).count() == 6)
        }
    }

    @Test func nothingIsRemindedWhenRemindersAreOff() async throws {
        try await withScanbook(.sqlite, configure: { $0.warrantyReminderDays = 0 }) { app, _ in
            let mail = FakeMailSender()
            app.mailSender = mail
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let receipt = Receipt(ownerID: try #require(try await User.query(on: app.db).first()?.requireID()), captureID: nil, imageID: nil, state: .confirmed)
            receipt.warrantyUntil = app.clock.today.adding(days: 3)?.description
            try await receipt.create(on: app.db)
            #expect(try await app.runMaintenance().moduleWork.isEmpty && mail.sent.isEmpty)
        }
    }
}
