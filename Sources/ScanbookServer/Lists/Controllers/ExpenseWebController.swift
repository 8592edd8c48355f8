import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A shared list's expenses page: balances, the settle-up plan with a button per payment, the
/// add-expense form and the purchase history.
enum ExpenseWebController {
    /// The history on the page; the filters reach older expenses (and the API returns up to 200).
    static let shownHistory = 50

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await render(try await list(request), request, errors: [], input: nil, status: .ok)
    }

    @Sendable static func add(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let input = try request.content.decode(ExpenseInput.self)
        do {
            let expense = try await ExpenseService.add(input, to: list, on: request)
            request.flash(.success, request.text("expenses_added", ["description": expense.description]))
            return request.redirect(to: ListsURL.expenses(id: list.id))
        } catch let error as UserFacingError {
            return try await render(list, request, errors: error.messages(for: request), input: input, status: error.status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let expense = try await ExpenseService.find(request.id(.expense), in: list, on: request)
        return try await change(list, request) { try await ExpenseService.delete(expense, in: list, on: request) }
    }

    @Sendable static func recordPayment(_ request: Request) async throws -> Response {
        let list = try await list(request)
        return try await change(list, request) {
            _ = try await BalanceService.record(try request.content.decode(PaymentInput.self), on: list, by: request)
            request.flash(.success, request.text("expenses_paymentRecorded"))
        }
    }

    /// From the receipt page: the receipt becomes an expense split equally, paid by me.
    @Sendable static func fromReceipt(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ReceiptExpenseForm.self)
        let list = try await ListService.find(form.list, on: request)
        do {
            let expense = try await ExpenseService.add(ExpenseInput(receipt: form.receipt), to: list, on: request)
            request.flash(.success, request.text("expenses_added", ["description": expense.description]))
            return request.redirect(to: ListsURL.expenses(id: list.id))
        } catch let error as UserFacingError {
            error.messages(for: request).forEach { request.flash(.error, $0) }
            return request.redirect(to: ReceiptsURL.receipt(id: form.receipt))
        }
    }

    private static func change(_ list: ShoppingList, _ request: Request, _ body: () async throws -> Void) async throws -> Response {
        do {
            try await body()
            return request.redirect(to: ListsURL.expenses(id: list.id))
        } catch let error as UserFacingError {
            return try await render(list, request, errors: error.messages(for: request), input: nil, status: error.status)
        }
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request)
    }

    static func render(_ list: ShoppingList, _ request: Request, errors: [String], input: ExpenseInput?, status: HTTPStatus) async throws -> Response {
        let me = try request.auth.require(User.self).requireID()
        let id = try list.requireID()
        let filter = try request.query.decode(ExpenseFilter.self)
        let summary = try await BalanceService.summary(of: list, on: request.db)
        let history = try await ExpenseService.history(of: list, filter: filter, limit: shownHistory + 1, on: request.db)
        let payments = try await BalanceService.payments(of: list, limit: 50, on: request.db)
        let members = summary.people.filter { summary.memberIDs.contains($0.id!) }
        func money(_ hundredths: Int) -> String { Formatting.money(hundredths: hundredths, locale: request.locale) }
        let checked = input?.member
        let view = ExpensePageView(
            name: list.name, isPrivate: list.isPrivate, currency: request.scanbookConfig.defaultCurrency,
            balances: summary.people.map { person in
                let balance = summary.balances[person.id!] ?? 0
                return .init(name: person.name, amount: (balance > 0 ? "+" : "") + money(balance), owes: balance < 0, isMe: person.id == me, former: !summary.memberIDs.contains(person.id!))
            },
            plan: summary.plan.map { transfer in
                .init(from: transfer.from.uuidString, to: transfer.to.uuidString, fromName: summary.name(transfer.from), toName: summary.name(transfer.to),
                      amount: money(transfer.amount), value: Amount(hundredths: transfer.amount).description, canConfirm: me == transfer.from || me == transfer.to || me == list.$owner.id)
            },
            settled: summary.plan.isEmpty,
            payers: members.map { SelectOption(value: $0.id!.uuidString, label: $0.name, selected: $0.id == (input?.paidBy ?? me)) },
            participants: members.map { member in
                let key = member.id!.uuidString
                return .init(id: key, name: member.name, value: input?.share?[key] ?? "", checked: (checked == nil && input?.choosing != "1") || !(checked?[key] ?? "").isEmpty)
            },
            splits: ExpenseSplit<UUID>.Mode.allCases.map { SelectOption(value: $0.rawValue, label: request.text("expenses_split_\($0.rawValue)"), selected: $0.rawValue == (input?.split ?? "equal")) },
            form: .init(description: input?.description ?? "", amount: input?.amount ?? "", date: input?.date ?? request.today.description),
            history: history.prefix(shownHistory).map { expense in
                .init(
                    description: expense.description, date: expense.spentOn, amount: money(expense.amount), payer: summary.name(expense.$paidBy.id),
                    parts: expense.parts.map { "\(summary.name($0.$user.id)) \(money($0.amount))" }.joined(separator: " · "),
                    split: request.text("expenses_split_\(expense.split.rawValue)"),
                    canDelete: expense.$addedBy.id == me || list.$owner.id == me,
                    deleteURL: ListsURL.deleteExpense(id: id, expense: expense.id).path
                )
            },
            historyNote: history.count > shownHistory ? request.text("expenses_capped", ["count": "\(shownHistory)"]) : "",
            payments: payments.map { .init(date: $0.paidOn, fromName: summary.name($0.$from.id), toName: summary.name($0.$to.id), amount: money($0.amount)) },
            filter: .init(
                members: [SelectOption(value: "", label: request.text("expenses_everyone"), selected: filter.member == nil)]
                    + summary.people.map { SelectOption(value: $0.id!.uuidString, label: $0.name, selected: $0.id == filter.member) },
                from: filter.from ?? "", to: filter.to ?? "", q: filter.q ?? "",
                active: filter.member != nil || !(filter.from ?? "").isEmpty || !(filter.to ?? "").isEmpty || !(filter.q ?? "").isEmpty
            ),
            links: .init(
                list: ListsURL.list(id: id).path, page: ListsURL.expenses(id: id).path, add: ListsURL.expenses(id: id).path,
                payments: ListsURL.payments(id: id).path, live: ListsURL.live(id: id).path
            ),
            errors: errors
        )
        return try await request.renderPage("Lists/expenses", title: "expenses_title", content: view, status: status, activeModule: .lists)
    }
}
