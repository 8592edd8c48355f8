import Foundation
import Vapor

/// The receipts module's pages, under `/receipts` (see `SiteURL.receipts`).
enum ReceiptsURL: Sendable, Equatable {
    /// The list with the upload form; `?month=2025-06&q=…`.
    case list
    /// A receipt typed in without a photo.
    case new
    case receipt(id: UUID?)
    case split(id: UUID?)
    case delete(id: UUID?)
    /// Spending against budgets; `?month=2025-06`.
    case budget
    case categories
    case category(id: UUID?)
    case deleteCategory(id: UUID?)
    case warranties
    /// CSV of a month; `?month=2025-06`.
    case export
    case keywords
    case deleteKeyword(id: UUID?)

    var pathComponents: [PathComponent] {
        switch self {
        case .list: []
        case .new: ["new"]
        case .receipt(let id): [id.pathComponent("receiptID")]
        case .split(let id): [id.pathComponent("receiptID"), "split"]
        case .delete(let id): [id.pathComponent("receiptID"), "delete"]
        case .budget: ["budget"]
        case .categories: ["categories"]
        case .category(let id): ["categories", id.pathComponent("categoryID")]
        case .deleteCategory(let id): ["categories", id.pathComponent("categoryID"), "delete"]
        case .warranties: ["warranties"]
        case .export: ["export.csv"]
        case .keywords: ["keywords"]
        case .deleteKeyword(let id): ["keywords", id.pathComponent("keywordID"), "delete"]
        }
    }
}

/// The receipts module's JSON API under `/api/v1` (see `APIRoute.receipts`).
enum ReceiptsAPIRoute: Sendable, Equatable {
    case receipts
    /// A receipt typed in without a photo (JSON).
    case manual
    case receipt(id: UUID?)
    case split(id: UUID?)
    /// Budget figures of a month ("2025-06").
    case month(String?)
    case export
    case warranties
    case categories
    case category(id: UUID?)
    case keywords
    case keyword(id: UUID?)

    var pathComponents: [PathComponent] {
        switch self {
        case .receipts: ["receipts"]
        case .manual: ["receipts", "manual"]
        case .receipt(let id): ["receipts", id.pathComponent("receiptID")]
        case .split(let id): ["receipts", id.pathComponent("receiptID"), "split"]
        case .month(let month): ["receipts", "months", month.map { .constant($0) } ?? .parameter("month")]
        case .export: ["receipts", "export.csv"]
        case .warranties: ["receipts", "warranties"]
        case .categories: ["receipt-categories"]
        case .category(let id): ["receipt-categories", id.pathComponent("categoryID")]
        case .keywords: ["receipt-keywords"]
        case .keyword(let id): ["receipt-keywords", id.pathComponent("keywordID")]
        }
    }
}

extension Optional where Wrapped == UUID {
    /// The id itself in a link, or the named route parameter when registering the route.
    func pathComponent(_ parameter: String) -> PathComponent {
        map { .constant($0.uuidString) } ?? .parameter(parameter)
    }
}
