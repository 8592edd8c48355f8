import Foundation
import ScanbookCore
import Vapor

/// `/api/v1/receipts…`, `/api/v1/receipt-categories…`, `/api/v1/receipt-keywords…`: the same
/// services as the pages, answering JSON (CSV for the export).
enum ReceiptAPIController {
    @Sendable static func create(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.upload(try request.content.decode(ReceiptUploadForm.self), on: request.context)
        return try await request.created(ReceiptDTO(receipt), at: ReceiptsAPIRoute.receipt(id: receipt.id), status: .accepted)
    }

    @Sendable static func createManual(_ request: Request) async throws -> Response {
        let receipt = try await ReceiptService.createManual(try request.content.decode(ReceiptChanges.self), on: request.context)
        return try await request.created(ReceiptDTO(receipt), at: ReceiptsAPIRoute.receipt(id: receipt.id))
    }

    @Sendable static func list(_ request: Request) async throws -> Response {
        let query = try request.query.decode(ReceiptListQuery.self)
        let month = try apiMonth(query.month) ?? ReceiptPresentation.month(nil, context: request.context)
        let search = try ReceiptSearch(query, mark: .point, strict: true)
        guard search.isActive else {
            let (toCheck, listed) = try await ReceiptService.list(month: month, on: request.context)
            return try await request.paginated(try (toCheck + listed).map(ReceiptDTO.init))
        }
        // A search pages in the database: it may match years of receipts.
        let found = try ReceiptService.matching(search, on: request.context)
        return try await request.paginated(total: try await found.copy().count()) { limit, offset in
            try await ReceiptService.newestFirst(found, limit: limit, offset: offset).map(ReceiptDTO.init)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> ReceiptDTO {
        try ReceiptDTO(try await receipt(request))
    }

    @Sendable static func update(_ request: Request) async throws -> ReceiptDTO {
        let receipt = try await receipt(request)
        _ = try await ReceiptService.update(receipt, with: try request.content.decode(ReceiptChanges.self), on: request.context)
        return try ReceiptDTO(try await ReceiptService.find(receipt.id, on: request.context))
    }

    @Sendable static func split(_ request: Request) async throws -> ReceiptDTO {
        let receipt = try await receipt(request)
        try await ReceiptService.split(receipt, try request.content.decode(ReceiptSplitRequest.self).form, on: request.context)
        return try ReceiptDTO(try await ReceiptService.find(receipt.id, on: request.context))
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        try await ReceiptService.delete(try await receipt(request), on: request.context)
        return .noContent
    }

    @Sendable static func month(_ request: Request) async throws -> BudgetMonthDTO {
        guard let month = try apiMonth(request.text(.month)) else { throw Abort(.notFound) }
        let figures = try await BudgetService.summary(month, for: request.context)
        return BudgetMonthDTO(month: month, currency: request.context.homeCurrency, summary: figures.summary, otherCurrencies: figures.otherCurrencies, conversions: figures.conversions)
    }

    @Sendable static func export(_ request: Request) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        let month = try apiMonth(try request.query.get(String?.self, at: "month")) ?? ReceiptPresentation.month(nil, context: request.context)
        let csv = try await BudgetService.csv(month, ownerID: ownerID, uncategorizedName: request.text("receipts_uncategorized"), on: request.db)
        return BudgetWebController.csvResponse(csv, month: month)
    }

    @Sendable static func warranties(_ request: Request) async throws -> [ReceiptDTO] {
        let ownerID = try request.auth.require(User.self).requireID()
        return try await BudgetService.warranties(ownerID: ownerID, on: request.db).map(ReceiptDTO.init)
    }

    // MARK: Categories

    @Sendable static func categories(_ request: Request) async throws -> [ReceiptCategoryDTO] {
        try await ReceiptService.profile(request.context)
        return try await CategoryService.all(ownerID: try request.auth.require(User.self).requireID(), on: request.db).map(ReceiptCategoryDTO.init)
    }

    @Sendable static func createCategory(_ request: Request) async throws -> Response {
        try await ReceiptService.profile(request.context)
        let category = try await CategoryService.create(try request.content.decode(CategoryForm.self), on: request.context)
        return try await ReceiptCategoryDTO(category).encodeResponse(status: .created, for: request)
    }

    @Sendable static func updateCategory(_ request: Request) async throws -> ReceiptCategoryDTO {
        let category = try await CategoryService.find(request.id(.category), on: request.context)
        try await CategoryService.update(category, try request.content.decode(CategoryForm.self), on: request.context)
        return try ReceiptCategoryDTO(category)
    }

    /// `DELETE …?reassignTo=<category id>`
    @Sendable static func deleteCategory(_ request: Request) async throws -> HTTPStatus {
        let category = try await CategoryService.find(request.id(.category), on: request.context)
        let target = try request.query.get(String?.self, at: "reassignTo")
        // The page's select sends "" for "nowhere"; in the API an empty id is a mistake, not that.
        if target?.isEmpty == true { throw UserFacingError(.unprocessableEntity, "receipts_unknownCategory") }
        try await CategoryService.delete(category, reassignTo: target, on: request.context)
        return .noContent
    }

    // MARK: Keywords

    @Sendable static func keywords(_ request: Request) async throws -> [TotalKeywordDTO] {
        try await ReceiptService.profile(request.context)
        return try await KeywordService.all(ownerID: try request.auth.require(User.self).requireID(), on: request.db).map(TotalKeywordDTO.init)
    }

    @Sendable static func createKeyword(_ request: Request) async throws -> Response {
        try await ReceiptService.profile(request.context)
        let keyword = try await KeywordService.add(try request.content.decode(KeywordForm.self).phrase, on: request.context)
        return try await TotalKeywordDTO(keyword).encodeResponse(status: .created, for: request)
    }

    @Sendable static func deleteKeyword(_ request: Request) async throws -> HTTPStatus {
        try await KeywordService.find(request.id(.keyword), on: request.context).delete(on: request.db)
        return .noContent
    }

    private static func receipt(_ request: Request) async throws -> Receipt {
        try await ReceiptService.find(request.id(.receipt), on: request.context)
    }

    /// nil when absent; a clear 400 when malformed.
    private static func apiMonth(_ text: String?) throws -> YearMonth? {
        guard let text else { return nil }
        guard let month = YearMonth(text) else { throw Abort(.badRequest, reason: "month must look like 2025-06, not \"\(text)\"") }
        return month
    }
}
