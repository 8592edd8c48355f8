import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A shared list's expenses page: balances, the settle-up plan with a button per payment, the
/// add-expense form and the purchase history.
enum ExpenseWebController {
    /// The history on the page; the filters reach older expenses (and the API returns up to 200).

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await render(try await list(request), request, errors: [], input: nil, status: .ok)
    }

    /// The page with its form filled with one expense, saving to that expense.
    @Sendable static func edit(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ExpenseService.find(request.id(.expense), in: list, on: request.context)
        guard ExpenseService.mayChange(expense, in: list, by: try request.auth.require(User.self).requireID()) else {
            throw UserFacingError(.forbidden, "expenses_notYours")
        }
        return try await render(list, request, errors: [], input: ExpenseInput(editing: expense), editing: expense, status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ExpenseService.find(request.id(.expense), in: list, on: request.context)
        let input = try request.content.decode(ExpenseInput.self)
        return try await request.change {
            let saved = try await ExpenseService.update(expense, with: input, in: list, on: request.context)
            request.flash(.success, request.text("expenses_saved", ["description": saved.description]))
            return ListsURL.expenses(id: list.id)
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, input: input, editing: expense, status: status)
        }
    }

    @Sendable static func add(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let input = try request.content.decode(ExpenseInput.self)
        return try await request.change {
            let expense = try await ExpenseService.add(input, to: list, on: request.context)
            request.flash(.success, request.text("expenses_added", ["description": expense.description]))
            return ListsURL.expenses(id: list.id)
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, input: input, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ExpenseService.find(request.id(.expense), in: list, on: request.context)
        return try await change(list, request) { try await ExpenseService.delete(expense, in: list, on: request.context) }
    }

    @Sendable static func recordPayment(_ request: Request) async throws -> Response {
        let list = try await list(request)
        return try await change(list, request) {
            _ = try await BalanceService.record(try request.content.decode(ListPaymentInput.self), on: list, by: request.context)
            request.flash(.success, request.text("expenses_paymentRecorded"))
        }
    }

    /// Sets up a recurring expense from the page's "Repeat" form; a refusal shows the page again with it.
    @Sendable static func addRecurring(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let input = try request.content.decode(RecurringExpenseInput.self)
        return try await request.change {
            let recurring = try await RecurringExpenses.create(input, on: list, request.context)
            request.flash(.success, request.text("expenses_recurring_added", ["description": recurring.description]))
            return ListsURL.expenses(id: list.id)
        } showAgain: { errors, status in
            try await render(list, request, errors: errors, input: nil, recurring: input, status: status)
        }
    }

    @Sendable static func stopRecurring(_ request: Request) async throws -> Response {
        let list = try await list(request)
        return try await change(list, request) {
            try await RecurringExpenses.stop(request.id(.recurring), on: list, request.context)
            request.flash(.success, request.text("expenses_recurring_stopped"))
        }
    }

    /// From the receipt page: the receipt becomes an expense split equally, paid by me.
    @Sendable static func fromReceipt(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ReceiptExpenseForm.self)
        let list = try await ListService.find(form.list, on: request.context)
        do {
            let expense = try await ExpenseService.add(ExpenseInput(receipt: form.receipt), to: list, on: request.context)
            request.flash(.success, request.text("expenses_added", ["description": expense.description]))
            return request.redirect(to: ListsURL.expenses(id: list.id))
        } catch let error as UserFacingError {
            error.messages(for: request).forEach { request.flash(.error, $0) }
            return request.redirect(to: ReceiptsURL.receipt(id: form.receipt))
        }
    }

    private static func change(_ list: ShoppingList, _ request: Request, _ body: () async throws -> Void) async throws -> Response {
        return try await request.change {
            try await body()
            return ListsURL.expenses(id: list.id)
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, input: nil, status: status)
        }
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request.context)
    }

    static func render(
        _ list: ShoppingList, _ request: Request, errors: [String], input: ExpenseInput?, editing: ListExpense? = nil,
        recurring: RecurringExpenseInput? = nil, status: HTTPStatus
    ) async throws -> Response {
        let view = try await ExpensePresentation.page(
            list, request.context, filter: try request.query.decode(ExpenseFilter.self), errors: errors, input: input, editing: editing, recurring: recurring
        )
        return try await request.renderPage("Lists/expenses", title: "expenses_title", content: view, status: status, activeModule: .lists)
    }
}
