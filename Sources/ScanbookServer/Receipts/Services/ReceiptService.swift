import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// Creating, finding and listing receipts, shared by the web pages and the API.
enum ReceiptService {
    /// The signed-in user's profile (seeding the defaults on first use).
    @discardableResult
    static func profile(_ request: Request) async throws -> ReceiptProfile {
        let user = try request.auth.require(User.self)
        return try await ReceiptDefaults.ensureProfile(
            for: try user.requireID(), locale: request.locale, localizer: request.application.localizer,
            currency: request.homeCurrency, on: request.db
        )
    }

    /// Checks and stores the photo, queues it for reading and creates the receipt that waits for it.
    static func upload(_ form: ReceiptUploadForm, on request: Request) async throws -> Receipt {
        let user = try request.auth.require(User.self)
        let ownerID = try user.requireID()
        try await profile(request)
        let upload = try request.checkImageUpload(form.image, minimumSide: UploadPolicy.minimumPhotoSide)
        let receipt = try await request.db.writeTransaction { database in
            let capture = try await CaptureService.enqueue(upload: upload, kind: .receipt, owner: ownerID, application: request.application, in: database)
            let receipt = Receipt(ownerID: ownerID, captureID: try capture.requireID(), imageID: capture.$blob.id, state: .reading)
            try await receipt.create(on: database)
            return receipt
        }
        request.application.captureWorkers.notify()
        return receipt
    }

    /// A receipt typed in without a photo: the same checks as editing one; on a refusal nothing stays.
    static func createManual(_ changes: ReceiptChanges, on request: Request) async throws -> Receipt {
        let ownerID = try request.auth.require(User.self).requireID()
        try await profile(request)
        guard let total = changes.total, !total.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UserFacingError(.unprocessableEntity, "receipts_totalRequired")
        }
        let receipt = Receipt(ownerID: ownerID, captureID: nil, imageID: nil, state: .review)
        receipt.currency = request.homeCurrency
        try await receipt.create(on: request.db)
        do {
            _ = try await update(receipt, with: changes, on: request)
        } catch {
            try await receipt.delete(on: request.db)
            throw error
        }
        return try await find(receipt.id, on: request)
    }

    /// The user's receipt, or 404 for anyone else's.
    static func find(_ id: UUID?, on request: Request) async throws -> Receipt {
        try await Receipt.find(id, ownedBy: request) { $0.with(\.$merchant).with(\.$allocations).with(\.$items) }
    }

    /// Receipts to check (any month) and the checked ones of `month`, newest purchase first.
    /// A search goes to `search(_:limit:offset:on:)` instead.
    static func list(month: YearMonth, on request: Request) async throws -> (toCheck: [Receipt], listed: [Receipt]) {
        let ownerID = try request.auth.require(User.self).requireID()
        let base = Receipt.query(on: request.db).filter(\.$owner.$id == ownerID).with(\.$merchant).with(\.$allocations)
        let toCheck = try await base.copy().filter(\.$state != .confirmed).sort(\.$createdAt, .descending).all()
        let listed = try await base.copy().filter(\.$state == .confirmed)
            .filter(\.$purchasedOn >= month.firstDay.description).filter(\.$purchasedOn <= month.lastDay.description)
            .sort(\.$purchasedOn, .descending).sort(\.$createdAt, .descending).all()
        return (toCheck, listed)
    }

    static func delete(_ receipt: Receipt, on request: Request) async throws {
        try await receipt.delete(on: request.db)
    }
}
