import Fluent
import FluentSQL
import Foundation
import ScanbookCore
import Vapor

/// Reminds owners that a receipt's warranty ends within `AppConfig.warrantyReminderDays`: once per
/// receipt and end date across all instances (the reminder's row is made first, and only the
/// instance whose insert succeeds mails), shown in the app until the warranty ends, and mailed
/// when mail is configured. A mail that fails is logged and not retried: the app still shows it.
enum WarrantyReminders {
    /// Receipts reminded of per sweep; the rest wait for the next sweep minutes later.
    static let batch = 200

    static func send(_ app: Application, batch: Int = batch) async throws -> Int {
        let days = app.scanbookConfig.warrantyReminderDays
        guard days > 0 else { return 0 }
        let today = app.clock.today
        guard let horizon = today.adding(days: days) else { return 0 }
        // Only those not reminded of yet: a batch of reminded ones must not hide the rest.
        let notYet: SQLQueryString = """
            NOT EXISTS (SELECT 1 FROM \(ident: WarrantyReminder.schema) AS r \
            WHERE r.receipt_id = \(ident: Receipt.schema).id AND r.warranty_until = \(ident: Receipt.schema).warranty_until)
            """
        let due = try await Receipt.query(on: app.db)
            .filter(\.$warrantyUntil >= today.description).filter(\.$warrantyUntil <= horizon.description)
            .filter(.sql(embed: notYet))
            .with(\.$merchant).with(\.$owner)
            .sort(\.$warrantyUntil).limit(batch).all()
        var sent = 0
        for receipt in due {
            guard let until = receipt.warrantyUntil, let id = receipt.id else { continue }
            let reminder = WarrantyReminder(receiptID: id, ownerID: receipt.$owner.id, warrantyUntil: until, remindedAt: app.clock.now())
            do {
                try await reminder.create(on: app.db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                continue // another instance reminded of it a moment ago
            }
            sent += 1
            try await mail(reminder, for: receipt, app)
        }
        return sent
    }

    private static func mail(_ reminder: WarrantyReminder, for receipt: Receipt, _ app: Application) async throws {
        guard let sender = app.mailSender else { return }
        let owner = receipt.owner
        let localizer = app.localizer
        let language = owner.locale.flatMap { localizer.catalogues[$0] != nil ? $0 : nil } ?? "en"
        let what = name(of: receipt, locale: language) { localizer.text($0, locale: language, $1) }
        let arguments = [
            "name": owner.name, "what": what, "until": Formatting.date(reminder.warrantyUntil, locale: language),
            "link": app.scanbookConfig.linkBase + ReceiptsURL.receipt(id: receipt.id).path,
        ]
        do {
            try await sender.send(MailMessage(
                to: owner.email,
                subject: localizer.text("receipts_warranty_mail_subject", locale: language, arguments),
                text: localizer.text("receipts_warranty_mail_body", locale: language, arguments)
            ))
        } catch {
            app.logger.warning("warranty reminder mail failed", metadata: ["receipt": "\(receipt.id.map { "\($0)" } ?? "")", "error": "\(error)"])
            return
        }
        reminder.mailedAt = app.clock.now()
        try await reminder.update(on: app.db)
    }

    /// The merchant, or "your receipt of <date>", worded by `text` in `locale` (mail and page alike).
    static func name(of receipt: Receipt, locale: String, _ text: (String, [String: String]) -> String) -> String {
        receipt.merchant?.name ?? text("receipts_warranty_mail_receipt", ["date": Formatting.date(receipt.purchasedOn, locale: locale)])
    }

    /// The owner's reminders whose warranty has not ended, soonest first (the receipts page shows them).
    static func current(for ownerID: UUID, today: CalendarDate, on database: any Database) async throws -> [WarrantyReminder] {
        try await WarrantyReminder.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$warrantyUntil >= today.description)
            .with(\.$receipt) { $0.with(\.$merchant) }.sort(\.$warrantyUntil).limit(20).all()
    }
}
