import Fluent
import Foundation
import SQLKit

/// A receipt's capture result applied to the receipt waiting for it (state `reading`): total,
/// date, currency, OCR text, page image, merchant matched to a known one, category proposed, state
/// `review`; or `unreadable` when reading failed. Run by the worker in the transaction that
/// records the job as done (`ReceiptCaptureProcessor`), so it happens exactly once.
enum ReceiptResults {
    /// A result as the processor encoded it; one that does not decode leaves the receipt unreadable.
    static func apply(_ data: Data, to job: FinishedCapture, on database: any Database) async throws {
        guard let result = try? JSONDecoder().decode(ReceiptCaptureResult.self, from: data) else {
            return try await markUnreadable(job, on: database)
        }
        try await apply(result, to: job, on: database)
    }

    static func apply(_ result: ReceiptCaptureResult, to job: FinishedCapture, on database: any Database) async throws {
        guard let receipt = try await waiting(for: job, on: database) else { return }
        let ownerID = job.ownerID
        receipt.state = .review
        receipt.total = result.total
        receipt.extractedTotalMinor = result.total?.minorUnits
        // As read, or nil: an unread currency is asked for on review, never assumed (a Malaysian
        // receipt must not land in a Swiss budget as francs).
        receipt.currency = result.currency
        receipt.purchasedOn = result.date
        receipt.ocrText = result.lines.joined(separator: "\n")
        receipt.confidence = result.confidence
        receipt.runnerUpHundredths = result.runnerUp?.hundredths
        receipt.$image.id = result.pageImage
        var merchant: Merchant?
        if let name = result.merchant {
            receipt.merchantRead = String(name.prefix(MerchantDirectory.maximumNameLength))
            merchant = try await MerchantDirectory.resolve(name, ownerID: ownerID, on: database)
            receipt.$merchant.id = try merchant?.requireID()
        }
        receipt.itemsAddUp = result.items.map { $0.items.isEmpty ? nil : $0.addsUp } ?? nil
        try await receipt.save(on: database)
        let receiptID = try receipt.requireID()
        try await ReceiptLineItem.query(on: database).filter(\.$receipt.$id == receiptID).delete()
        for (position, item) in (result.items?.items ?? []).prefix(500).enumerated() {
            try await ReceiptLineItem(receiptID: receiptID, position: position, item: item).create(on: database)
        }
        if let total = result.total, total.minorUnits > 0,
           let category = try await CategoryService.suggestion(for: merchant, ownerID: ownerID, on: database) {
            try await ReceiptAllocation(receiptID: receipt.requireID(), categoryID: category, amountHundredths: total.hundredths).create(on: database)
        }
    }

    static func markUnreadable(_ job: FinishedCapture, on database: any Database) async throws {
        guard let receipt = try await waiting(for: job, on: database) else { return }
        receipt.state = .unreadable
        try await receipt.save(on: database)
    }

    private static func waiting(for job: FinishedCapture, on database: any Database) async throws -> Receipt? {
        try await Receipt.query(on: database).filter(\.$capture.$id == job.id).filter(\.$owner.$id == job.ownerID)
            .filter(\.$state == .reading).first()
    }
}
