import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The receipt pages: list with upload, detail with the editable fields and the split.
enum ReceiptWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await renderIndex(request, errors: [], status: .ok)
    }

    @Sendable static func upload(_ request: Request) async throws -> Response {
        return try await request.change {
            let receipt = try await ReceiptService.upload(try request.content.decode(ReceiptUploadForm.self), on: request.context)
            return ReceiptsURL.receipt(id: receipt.id)
        } showAgain: { errors, status in
            return try await renderIndex(request, errors: errors, status: status)
        }
    }

    @Sendable static func createManual(_ request: Request) async throws -> Response {
        return try await request.change {
            let receipt = try await ReceiptService.createManual(try request.content.decode(ReceiptChanges.self), on: request.context)
            request.flash(.success, request.text("receipts_saved"))
            return ReceiptsURL.receipt(id: receipt.id)
        } showAgain: { errors, status in
            return try await renderIndex(request, errors: errors, status: status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request.context)
        return try await renderShow(receipt, request, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request.context)
        return try await request.change {
            let outcome = try await ReceiptService.update(receipt, with: try request.content.decode(ReceiptChanges.self), on: request.context)
            request.flash(.success, request.text("receipts_saved"))
            if let phrase = outcome.learnedKeyword {
                request.flash(.success, request.text("receipts_learned", ["phrase": phrase]))
            }
            return ReceiptsURL.receipt(id: receipt.id)
        } showAgain: { errors, status in
            let fresh = try await ReceiptService.find(receipt.id, on: request.context)
            return try await renderShow(fresh, request, errors: errors, status: status, typed: try? request.content.decode(ReceiptChanges.self))
        }
    }

    @Sendable static func split(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request.context)
        return try await request.change {
            try await ReceiptService.split(receipt, try request.content.decode(ReceiptSplitForm.self), on: request.context)
            request.flash(.success, request.text("receipts_splitSaved"))
            return ReceiptsURL.receipt(id: receipt.id)
        } showAgain: { errors, status in
            let fresh = try await ReceiptService.find(receipt.id, on: request.context)
            return try await renderShow(fresh, request, errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.find(request.id(.receipt), on: request.context)
        let month = receipt.purchaseDate.map(YearMonth.init)
        try await ReceiptService.delete(receipt, on: request.context)
        request.flash(.success, request.text("receipts_deleted"))
        return request.redirect(to: ReceiptPresentation.links(month: month).list, redirectType: .normal)
    }

    private static func renderIndex(_ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let (view, stillReading, refused) = try await ReceiptPresentation.listPage(request.context, query: try request.query.decode(ReceiptListQuery.self), errors: errors)
        // A refused month or search shows the month with the message, and says so in the status.
        let response = try await request.renderPage(
            "Receipts/index", title: "receipts_title", content: view, status: status == .ok ? refused ?? .ok : status, activeModule: .receipts
        )
        if stillReading {
            // Reloads until every photo is read, like the receipt page itself.
            response.headers.replaceOrAdd(name: "Refresh", value: "3")
        }
        return response
    }

    private static func renderShow(_ receipt: Receipt, _ request: Request, errors: [String], status: HTTPStatus, typed: ReceiptChanges? = nil) async throws -> Response {
        let view = try await ReceiptPresentation.receiptPage(receipt, request.context, errors: errors, typed: typed)
        let response = try await request.renderPage("Receipts/show", title: "receipt_title", content: view, status: status, activeModule: .receipts)
        if receipt.state == .reading {
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
        }
        return response
    }
}
