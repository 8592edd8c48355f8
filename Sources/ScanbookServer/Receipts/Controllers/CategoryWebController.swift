import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Categories with their monthly budgets; deleting one moves its bookings to another.
enum CategoryWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await render(request, errors: [], status: .ok)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        return try await request.change {
            let category = try await CategoryService.create(try request.content.decode(CategoryForm.self), on: request.context)
            request.flash(.success, request.text("receipts_categoryCreated", ["name": category.name]))
            return ReceiptsURL.categories
        } showAgain: { errors, status in
            return try await render(request, errors: errors, status: status)
        }
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let category = try await CategoryService.find(request.id(.category), on: request.context)
        return try await request.change {
            try await CategoryService.update(category, try request.content.decode(CategoryForm.self), on: request.context)
            request.flash(.success, request.text("receipts_categorySaved", ["name": category.name]))
            return ReceiptsURL.categories
        } showAgain: { errors, status in
            return try await render(request, errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let category = try await CategoryService.find(request.id(.category), on: request.context)
        return try await request.change {
            try await CategoryService.delete(category, reassignTo: try request.content.decode(CategoryDeleteForm.self).reassignTo, on: request.context)
            request.flash(.success, request.text("receipts_categoryDeleted", ["name": category.name]))
            return ReceiptsURL.categories
        } showAgain: { errors, status in
            return try await render(request, errors: errors, status: status)
        }
    }

    private static func render(_ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        try await ReceiptService.profile(request.context)
        let categories = try await CategoryService.all(ownerID: ownerID, on: request.db)
        let counts = try await ReceiptAllocation.query(on: request.db).join(Receipt.self, on: \ReceiptAllocation.$receipt.$id == \Receipt.$id)
            .filter(Receipt.self, \.$owner.$id == ownerID).all()
            .reduce(into: [UUID: Int]()) { $0[$1.$category.id, default: 0] += 1 }
        let rows = try categories.map { category in
            let id = try category.requireID()
            return CategoriesView.Row(
                id: id.uuidString, name: category.name,
                budget: category.monthlyBudget.map { Amount(hundredths: $0).description } ?? "",
                carriesOver: category.carryOverSince != nil,
                bookings: request.text("receipts_bookings_count", ["count": "\(counts[id] ?? 0)"]),
                updateURL: ReceiptsURL.category(id: id).path,
                deleteURL: ReceiptsURL.deleteCategory(id: id).path,
                targets: try categories.filter { $0.id != id }.map { SelectOption(value: try $0.requireID().uuidString, label: $0.name, selected: false) }
            )
        }
        let view = CategoriesView(links: ReceiptPresentation.links(month: nil), rows: rows, createURL: ReceiptsURL.categories.path, errors: errors)
        return try await request.renderPage("Receipts/categories", title: "receipts_categories_title", content: view, status: status, activeModule: .receipts)
    }
}
