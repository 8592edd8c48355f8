import Vapor

/// A shared list's recurring expenses over the API.
enum RecurringExpenseAPIController {
    @Sendable static func all(_ request: Request) async throws -> [RecurringExpenseDTO] {
        try await RecurringExpenses.all(on: try await list(request), request.db).map(RecurringExpenseDTO.init)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let recurring = try await RecurringExpenses.create(try request.content.decode(RecurringExpenseInput.self), on: list, request.context)
        return try await request.created(try RecurringExpenseDTO(recurring), at: ListsAPIRoute.recurringExpense(id: list.id, recurring: recurring.id))
    }

    @Sendable static func stop(_ request: Request) async throws -> HTTPStatus {
        try await RecurringExpenses.stop(request.id(.recurring), on: try await list(request), request.context)
        return .noContent
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request.context)
    }
}
