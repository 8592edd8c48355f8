import Foundation
import Vapor

/// The total keywords: the extractor's per-user settings, defaults plus own and learned ones.
enum KeywordWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await render(request, errors: [], status: .ok)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        return try await request.change {
            try await ReceiptService.profile(request.context)
            let keyword = try await KeywordService.add(try request.content.decode(KeywordForm.self).phrase, on: request.context)
            request.flash(.success, request.text("receipts_keywordAdded", ["phrase": keyword.phrase]))
            return ReceiptsURL.keywords
        } showAgain: { errors, status in
            return try await render(request, errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let keyword = try await KeywordService.find(request.id(.keyword), on: request.context)
        try await keyword.delete(on: request.db)
        request.flash(.success, request.text("receipts_keywordRemoved", ["phrase": keyword.phrase]))
        return request.redirect(to: ReceiptsURL.keywords)
    }

    private static func render(_ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        try await ReceiptService.profile(request.context)
        let rows = try await KeywordService.all(ownerID: ownerID, on: request.db).map { keyword in
            KeywordsView.Row(
                phrase: keyword.phrase, weight: keyword.weight, learned: keyword.learned,
                deleteURL: ReceiptsURL.deleteKeyword(id: try keyword.requireID()).path
            )
        }
        let view = KeywordsView(links: ReceiptPresentation.links(month: nil), rows: rows, createURL: ReceiptsURL.keywords.path, errors: errors)
        return try await request.renderPage("Receipts/keywords", title: "receipts_keywords_title", content: view, status: status, activeModule: .receipts)
    }
}
