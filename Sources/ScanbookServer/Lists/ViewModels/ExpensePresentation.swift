import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How a list's money reads on the expenses page: balances, the settle-up plan, the add form
/// (refilled after a refusal), the history and the payments, in the list's currency.
enum ExpensePresentation {
    static let shownHistory = 50

    static func page(
        _ list: ShoppingList, _ context: ServiceContext, filter: ExpenseFilter, errors: [String], input: ExpenseInput?, editing: ListExpense? = nil,
        recurring typed: RecurringExpenseInput? = nil
    ) async throws -> ExpensePageView {
        let me = try context.requireUser().requireID()
        let id = try list.requireID()
        let summary = try await BalanceService.summary(of: list, on: context.db)
        let history = try await ExpenseService.history(of: list, filter: filter, limit: shownHistory + 1, on: context.db)
        let payments = try await BalanceService.payments(of: list, limit: 50, on: context.db)
        let recurring = try await RecurringExpenses.all(on: list, context.db)
        // Everyone who ever took part, with their ids (loaded rows always have one).
        let people = summary.people.compactMap { person in person.id.map { (id: $0, name: person.name) } }
        let members = people.filter { summary.memberIDs.contains($0.id) }
        func money(_ hundredths: Int) -> String { Formatting.money(hundredths: hundredths, locale: context.locale) }
        let checked = input?.member
        return ExpensePageView(
            name: list.name, isPrivate: list.isPrivate, currency: context.currency(of: list),
            balances: people.map { person in
                let balance = summary.balances[person.id] ?? 0
                return .init(name: person.name, amount: (balance > 0 ? "+" : "") + money(balance), owes: balance < 0, isMe: person.id == me, former: !summary.memberIDs.contains(person.id))
            },
            plan: summary.plan.map { transfer in
                .init(from: transfer.from.uuidString, to: transfer.to.uuidString, fromName: summary.name(transfer.from), toName: summary.name(transfer.to),
                      amount: money(transfer.amount), value: Amount(hundredths: transfer.amount).description, canConfirm: me == transfer.from || me == transfer.to || me == list.$owner.id)
            },
            settled: summary.plan.isEmpty,
            payers: members.map { SelectOption(value: $0.id.uuidString, label: $0.name, selected: $0.id == (input?.paidBy ?? me)) },
            payerFields: members.map { member in
                .init(id: member.id.uuidString, name: member.name, value: input?.payer?[member.id.uuidString] ?? "", checked: false)
            },
            severalPaid: (input?.payer?.values.filter { !$0.isEmpty }.count ?? 0) > 0,
            participants: members.map { member in
                let key = member.id.uuidString
                return .init(id: key, name: member.name, value: input?.share?[key] ?? "", checked: (checked == nil && input?.choosing != "1") || !(checked?[key] ?? "").isEmpty)
            },
            splits: ExpenseSplit<UUID>.Mode.allCases.map { SelectOption(value: $0.rawValue, label: context.text("expenses_split_\($0.rawValue)"), selected: $0.rawValue == (input?.split ?? "equal")) },
            form: .init(
                description: input?.description ?? "", amount: input?.amount ?? "", currency: input?.currency ?? "", rate: input?.rate ?? "",
                date: input?.date ?? context.today.description,
                action: editing.map { ListsURL.editExpense(id: id, expense: $0.id).path } ?? ListsURL.expenses(id: id).path,
                editing: editing != nil
            ),
            history: history.prefix(shownHistory).map { expense in
                .init(
                    description: expense.description, date: expense.spentOn, amount: money(expense.amount), payer: payerText(expense, summary, money),
                    parts: expense.parts.map { "\(summary.name($0.$user.id)) \(money($0.amount))" }.joined(separator: " · "),
                    split: context.text("expenses_split_\(expense.split.rawValue)"),
                    canDelete: ExpenseService.mayChange(expense, in: list, by: me),
                    editURL: ListsURL.editExpense(id: id, expense: expense.id).path,
                    deleteURL: ListsURL.deleteExpense(id: id, expense: expense.id).path,
                    receiptURL: expense.$receipt.id != nil && expense.$addedBy.id == me ? ReceiptsURL.receipt(id: expense.$receipt.id).path : "",
                    converted: converted(expense, context)
                )
            },
            historyNote: history.count > shownHistory ? context.text("expenses_capped", ["count": "\(shownHistory)"]) : "",
            payments: payments.map { .init(date: $0.paidOn, fromName: summary.name($0.$from.id), toName: summary.name($0.$to.id), amount: money($0.amount)) },
            filter: .init(
                members: [SelectOption(value: "", label: context.text("expenses_everyone"), selected: filter.member == nil)]
                    + people.map { SelectOption(value: $0.id.uuidString, label: $0.name, selected: $0.id == filter.member) },
                from: filter.from ?? "", to: filter.to ?? "", q: filter.q ?? "",
                active: filter.member != nil || !(filter.from ?? "").isEmpty || !(filter.to ?? "").isEmpty || !(filter.q ?? "").isEmpty
            ),
            links: .init(
                list: ListsURL.list(id: id).path, page: ListsURL.expenses(id: id).path,
                payments: ListsURL.payments(id: id).path, live: ListsURL.live(id: id).path
            ),
            errors: errors,
            recurring: recurring.map { item in
                .init(
                    description: item.description, amount: money(item.amount), schedule: schedule(item, context), payer: summary.name(item.$paidBy.id),
                    stopURL: ListsURL.stopRecurring(id: id, recurring: item.id).path, canStop: item.$addedBy.id == me || list.$owner.id == me
                )
            },
            recurringForm: .init(
                action: ListsURL.recurring(id: id).path, description: typed?.description ?? "", amount: typed?.amount ?? "",
                startsOn: typed?.startsOn ?? context.today.description, endsOn: typed?.endsOn ?? "",
                frequencies: Recurrence.Frequency.allCases.map {
                    SelectOption(value: $0.rawValue, label: context.text("expenses_recurring_\($0.rawValue)"), selected: $0.rawValue == (typed?.frequency ?? "monthly"))
                }
            )
        )
    }

    /// The payer, or each of several with what they paid.
    private static func payerText(_ expense: ListExpense, _ summary: BalanceService.Summary, _ money: (Int) -> String) -> String {
        let rows = (expense.$payers.value ?? []).sorted { $0.position < $1.position }
        guard !rows.isEmpty else { return summary.name(expense.$paidBy.id) }
        return rows.map { "\(summary.name($0.$user.id)) \(money($0.amount))" }.joined(separator: " + ")
    }

    private static func converted(_ expense: ListExpense, _ context: ServiceContext) -> String {
        guard let amount = expense.originalAmount, let currency = expense.originalCurrency,
              let rate = expense.rateMillionths.flatMap(ExchangeRate.init(millionths:)) else { return "" }
        return context.text("expenses_converted", [
            "amount": "\(currency) \(Formatting.money(hundredths: amount, locale: context.locale))", "rate": Formatting.number(rate.description, locale: context.locale),
        ])
    }

    /// "Monthly from 1 Dec 2026 until 30 Nov 2027 · next 1 Jan 2027".
    private static func schedule(_ item: RecurringExpense, _ context: ServiceContext) -> String {
        var text = context.text("expenses_recurring_schedule", [
            "frequency": context.text("expenses_recurring_\(item.frequency.rawValue)"), "start": Formatting.date(item.startsOn, locale: context.locale),
        ])
        if let end = item.endsOn { text += " " + context.text("expenses_recurring_until", ["end": Formatting.date(end, locale: context.locale)]) }
        if let next = item.recurrence?.occurrence(item.nextIndex) {
            text += " · " + context.text("expenses_recurring_next", ["date": Formatting.date(next.description, locale: context.locale)])
        }
        return text
    }
}
