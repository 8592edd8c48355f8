import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// Creating, finding and listing receipts, shared by the web pages and the API.
enum ReceiptService {
    /// The signed-in user's profile (seeding the defaults on first use).
    @discardableResult
    static func profile(_ context: ServiceContext) async throws -> ReceiptProfile {
        let user = try context.requireUser()
        return try await ReceiptDefaults.ensureProfile(
            for: try user.requireID(), locale: context.locale, localizer: context.application.localizer,
            currency: context.homeCurrency, on: context.db
        )
    }

    /// Checks and stores the photo, queues it for reading and creates the receipt that waits for it.
    static func upload(_ form: ReceiptUploadForm, on context: ServiceContext) async throws -> Receipt {
        let user = try context.requireUser()
        let ownerID = try user.requireID()
        try await profile(context)
        let upload = try context.checkImageUpload(form.image, minimumSide: UploadPolicy.minimumPhotoSide)
        let receipt = try await context.db.writeTransaction { database in
            let capture = try await CaptureService.enqueue(upload: upload, kind: .receipt, owner: ownerID, application: context.application, in: database)
            let receipt = Receipt(ownerID: ownerID, captureID: try capture.requireID(), imageID: capture.$blob.id, state: .reading)
            try await receipt.create(on: database)
            return receipt
        }
        context.application.captureWorkers.notify()
        return receipt
    }

    /// A receipt typed in without a photo: the same checks as editing one; on a refusal nothing stays.
    static func createManual(_ changes: ReceiptChanges, on context: ServiceContext) async throws -> Receipt {
        let ownerID = try context.requireUser().requireID()
        try await profile(context)
        guard let total = changes.total, !total.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UserFacingError(.unprocessableEntity, "receipts_totalRequired")
        }
        let receipt = Receipt(ownerID: ownerID, captureID: nil, imageID: nil, state: .review)
        receipt.currency = context.homeCurrency
        try await receipt.create(on: context.db)
        do {
            _ = try await update(receipt, with: changes, on: context)
        } catch {
            try await receipt.delete(on: context.db)
            throw error
        }
        return try await find(receipt.id, on: context)
    }

    /// The user's receipt, or 404 for anyone else's.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> Receipt {
        try await Receipt.find(id, ownedBy: context) { $0.with(\.$merchant).with(\.$allocations).with(\.$items) }
    }

    /// Receipts to check (any month) and the checked ones of `month`, newest purchase first.
    /// A search goes to `search(_:limit:offset:on:)` instead.
    static func list(month: YearMonth, on context: ServiceContext) async throws -> (toCheck: [Receipt], listed: [Receipt]) {
        let ownerID = try context.requireUser().requireID()
        let base = Receipt.query(on: context.db).filter(\.$owner.$id == ownerID).with(\.$merchant).with(\.$allocations)
        let toCheck = try await base.copy().filter(\.$state != .confirmed).sort(\.$createdAt, .descending).all()
        let listed = try await base.copy().filter(\.$state == .confirmed)
            .filter(\.$purchasedOn >= month.firstDay.description).filter(\.$purchasedOn <= month.lastDay.description)
            .sort(\.$purchasedOn, .descending).sort(\.$createdAt, .descending).all()
        return (toCheck, listed)
    }

    /// The receipt and the scan it was read from: a deleted receipt's photo no longer stands in
    /// the recent scans (the file goes with the next blob sweep). A scan still being read stays.
    static func delete(_ receipt: Receipt, on context: ServiceContext) async throws {
        let capture = try await receipt.$capture.get(on: context.db)
        try await receipt.delete(on: context.db)
        if let capture, !capture.status.isPending {
            try await CaptureService.delete(capture, on: context)
        }
    }
}
