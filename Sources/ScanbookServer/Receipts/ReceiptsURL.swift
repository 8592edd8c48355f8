import Foundation
import Vapor

/// The receipts module's pages, under `/receipts` .
enum ReceiptsURL: ModuleURL, Equatable {
    static let module = Module.receipts

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

    var pagePathComponents: [PathComponent] {
        switch self {
        case .list: []
        case .new: ["new"]
        case .receipt(let id): [id.pathComponent(.receipt)]
        case .split(let id): [id.pathComponent(.receipt), "split"]
        case .delete(let id): [id.pathComponent(.receipt), "delete"]
        case .budget: ["budget"]
        case .categories: ["categories"]
        case .category(let id): ["categories", id.pathComponent(.category)]
        case .deleteCategory(let id): ["categories", id.pathComponent(.category), "delete"]
        case .warranties: ["warranties"]
        case .export: ["export.csv"]
        case .keywords: ["keywords"]
        case .deleteKeyword(let id): ["keywords", id.pathComponent(.keyword), "delete"]
        }
    }
}

/// The receipts module's JSON API under `/api/v1`.
enum ReceiptsAPIRoute: APIPath, Equatable {
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

    var routePathComponents: [PathComponent] {
        switch self {
        case .receipts: ["receipts"]
        case .manual: ["receipts", "manual"]
        case .receipt(let id): ["receipts", id.pathComponent(.receipt)]
        case .split(let id): ["receipts", id.pathComponent(.receipt), "split"]
        case .month(let month): ["receipts", "months", month.map { .constant($0) } ?? .parameter(RouteParameter.month.rawValue)]
        case .export: ["receipts", "export.csv"]
        case .warranties: ["receipts", "warranties"]
        case .categories: ["receipt-categories"]
        case .category(let id): ["receipt-categories", id.pathComponent(.category)]
        case .keywords: ["receipt-keywords"]
        case .keyword(let id): ["receipt-keywords", id.pathComponent(.keyword)]
        }
    }
}

extension Module {
    static let receipts = Module("receipts")
}

/// The route parameters of the module's addresses.
extension RouteParameter {
    static let category = RouteParameter("categoryID"), keyword = RouteParameter("keywordID"), receipt = RouteParameter("receiptID")
    /// Not an id: a month, "2025-06".
    static let month = RouteParameter("month")
}
