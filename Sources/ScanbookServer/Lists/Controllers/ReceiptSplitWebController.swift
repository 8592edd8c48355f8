import Foundation
import Vapor

/// "Split item by item" from a receipt's page: GET shows the receipt's lines with a checkbox per
/// member of the chosen list; POST saves one expense and ticks off the chosen shopping-list items,
/// or shows the page again with what was typed and why it was refused.
enum ReceiptSplitWebController {
    @Sendable static func show(_ request: Request) async throws -> Response {
        let choice = try request.query.decode(ReceiptSplitChoice.self)
        let list = try await ListService.find(choice.list, on: request.context)
        let receipt = try await ReceiptSplits.receipt(choice.receipt, on: request.context)
        return try await render(list, receipt, request, input: nil, errors: [], status: .ok)
    }

    @Sendable static func save(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ItemisedSplitForm.self)
        let list = try await ListService.find(form.list, on: request.context)
        let receipt = try await ReceiptSplits.receipt(form.receipt, on: request.context)
        let input = try form.input(receipt: try receipt.requireID())
        return try await request.change {
            let expense = try await ReceiptSplits.add(input, to: list, on: request.context)
            request.flash(.success, request.text("expenses_added", ["description": expense.description]))
            return ListsURL.expenses(id: list.id)
        } showAgain: { errors, status in
            try await render(list, receipt, request, input: input, errors: errors, status: status)
        }
    }

    private static func render(_ list: ShoppingList, _ receipt: Receipt, _ request: Request, input: ReceiptSplitInput?, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await ReceiptSplitPresentation.page(list, receipt, request.context, input: input, errors: errors)
        return try await request.renderPage("Lists/receipt-split", title: "expenses_itemised_title", content: view, status: status, activeModule: .lists)
    }
}
