import Fluent
import Foundation
import ScanbookCore
import Vapor

/// `/api/v1/lists/<id>/expenses|balances|payments`: the same services as the expenses page.
enum ExpenseAPIController {
    /// `?member=&from=&to=&q=`: newest first, at most `ExpenseService.shownHistory`.
    @Sendable static func expenses(_ request: Request) async throws -> Response {
        let filter = try request.query.decode(ExpenseFilter.self)
        // The page's form sends its empty date fields; the API says what it means.
        for date in [filter.from, filter.to].compactMap({ $0 }) where CalendarDate(iso: date) == nil {
            throw Abort(.badRequest, reason: "from and to are dates such as 2026-11-27")
        }
        return try await request.paginated(try await ExpenseService.history(of: try await list(request), filter: filter, on: request.db).map(ExpenseDTO.init))
    }

    @Sendable static func add(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ExpenseService.add(try request.content.decode(ExpenseInput.self), to: list, on: request.context)
        return try await request.created(ExpenseDTO(expense), at: ListsAPIRoute.expense(id: list.id, expense: expense.id))
    }

    @Sendable static func splitReceipt(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ReceiptSplits.add(try request.content.decode(ReceiptSplitInput.self), to: list, on: request.context)
        return try await request.created(ExpenseDTO(expense), at: ListsAPIRoute.expense(id: list.id, expense: expense.id))
    }

    /// `?receipt=`: the lines, members and tick-off offers to build a split from.
    @Sendable static func receiptSplitDraft(_ request: Request) async throws -> ReceiptSplitDraftDTO {
        let list = try await list(request)
        let receipt = try await ReceiptSplits.receipt(try request.query.decode(ReceiptSplitChoice.self).receipt, on: request.context)
        let lines = ReceiptSplits.orderedItems(of: receipt).map { ReceiptSplitDraftDTO.Line(name: $0.name, amount: Amount(hundredths: $0.amountHundredths).description) }
        let members = try await ListService.members(of: list, on: request.db).members
        let offers = try await ReceiptSplits.offers(on: list, lines: lines.map(\.name), request.context)
        return ReceiptSplitDraftDTO(
            receipt: try receipt.requireID(), total: receipt.total?.description, lines: lines,
            members: try members.map { .init(id: try $0.requireID(), name: $0.name) },
            tickOffOffers: try offers.map { .init(item: try $0.item.requireID(), name: $0.item.name, line: $0.line) }
        )
    }

    @Sendable static func show(_ request: Request) async throws -> ExpenseDTO {
        try ExpenseDTO(try await ExpenseService.find(request.id(.expense), in: try await list(request), on: request.context))
    }

    @Sendable static func update(_ request: Request) async throws -> ExpenseDTO {
        let list = try await list(request)
        let expense = try await ExpenseService.find(request.id(.expense), in: list, on: request.context)
        return try ExpenseDTO(try await ExpenseService.update(expense, with: try request.content.decode(ExpenseInput.self), in: list, on: request.context))
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        let list = try await list(request)
        try await ExpenseService.delete(try await ExpenseService.find(request.id(.expense), in: list, on: request.context), in: list, on: request.context)
        return .noContent
    }

    @Sendable static func balances(_ request: Request) async throws -> BalancesDTO {
        let list = try await list(request)
        let summary = try await BalanceService.summary(of: list, on: request.db)
        return BalancesDTO(
            currency: request.context.currency(of: list),
            balances: try summary.people.map { person in
                let id = try person.requireID()
                return .init(member: id, name: person.name, balance: Amount(hundredths: summary.balances[id] ?? 0).description, isMember: summary.memberIDs.contains(id))
            },
            plan: summary.plan.map { .init(from: $0.from, to: $0.to, amount: Amount(hundredths: $0.amount).description) }
        )
    }

    @Sendable static func recordPayment(_ request: Request) async throws -> Response {
        let payment = try await BalanceService.record(try request.content.decode(ListPaymentInput.self), on: try await list(request), by: request.context)
        return try await ListPaymentDTO(payment).encodeResponse(status: .created, for: request)
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request.context)
    }
}
