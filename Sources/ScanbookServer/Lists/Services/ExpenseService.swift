import Fluent
import FluentSQL
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// Expenses on a shared list: added by any member (also from one of their receipts), split among
/// current members, deleted by whoever added them or the owner. Amounts are hundredths of the
/// server's currency.
enum ExpenseService {
    static let maximumDescriptionLength = 100
    /// 100,000,000.00: beyond that a typing slip is likelier than a purchase.
    static let maximumAmount = 10_000_000_000
    static let shownHistory = 200

    /// `exactParts`: each member's part already worked out (a receipt split item by item); the
    /// amount is then the receipt's total and the parts must add up to it. `occurrence`: made by a
    /// recurring expense for that date (a second attempt fails on the unique index).
    static func add(
        _ input: ExpenseInput, to list: ShoppingList, exactParts: [(UUID, Int)]? = nil, occurrence: (recurrence: UUID, date: CalendarDate)? = nil,
        on context: ServiceContext
    ) async throws -> ListExpense {
        let me = try context.requireUser().requireID()
        guard !list.isPrivate else { throw UserFacingError(.conflict, "expenses_sharedOnly") }
        let currency = context.currency(of: list)
        var receipt: Receipt?
        if let receiptID = input.receipt { receipt = try await receiptToShare(receiptID, currency: currency, on: context) }
        let checked = try await check(input, on: list, receipt: receipt, exactParts: exactParts, on: context)
        let expense = ListExpense(
            listID: try list.requireID(), description: checked.title, amount: checked.amount, currency: currency,
            paidBy: checked.payer, spentOn: checked.date, split: checked.mode, addedBy: me
        )
        expense.$receipt.id = try receipt?.requireID()
        expense.paidIn(checked.foreign)
        expense.recurrenceID = occurrence?.recurrence
        expense.occurrence = occurrence?.date.description
        do {
            try await context.db.writeTransaction { database in
                try await expense.create(on: database)
                try await createShares(checked, of: expense, in: list, on: database)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure && receipt != nil {
            // The same receipt shared twice at once: the unique index let one through.
            throw UserFacingError(.conflict, "expenses_receiptShared")
        }
        try await expense.$shares.load(on: context.db)
        try await expense.$payers.load(on: context.db)
        context.announce(.expenses, on: list)
        return expense
    }

    /// Changes an expense in place (whoever added it, or the owner): the fields `input` leaves out
    /// keep their values, and the parts are split again among the members it names.
    static func update(_ expense: ListExpense, with input: ExpenseInput, in list: ShoppingList, on context: ServiceContext) async throws -> ListExpense {
        try requireMayChange(expense, in: list, on: context)
        let checked = try await check(input.completed(by: expense), on: list, receipt: nil, on: context)
        expense.description = checked.title
        expense.amount = checked.amount
        expense.$paidBy.id = checked.payer
        expense.spentOn = checked.date.description
        expense.split = checked.mode
        expense.paidIn(checked.foreign)
        try await context.db.writeTransaction { database in
            try await expense.update(on: database)
            try await ExpenseShare.query(on: database).filter(\.$expense.$id == expense.requireID()).delete()
            try await ExpensePayer.query(on: database).filter(\.$expense.$id == expense.requireID()).delete()
            try await createShares(checked, of: expense, in: list, on: database)
        }
        try await expense.$shares.load(on: context.db)
        try await expense.$payers.load(on: context.db)
        context.announce(.expenses, on: list)
        return expense
    }

    /// An expense as checked, ready to be written: every problem found is reported at once.
    private struct Checked {
        let title: String
        let amount: Int
        let payer: UUID
        /// Several payers with what each paid here; nil: `payer` paid it all.
        let payers: [(UUID, Int)]?
        let date: CalendarDate
        let mode: ExpenseSplit<UUID>.Mode
        let parts: [(UUID, Int)]
        /// Paid in another currency: what was paid, in what, and the rate `amount` came from.
        let foreign: ForeignPayment?
        /// The value each member was given (shares, amount or percentage), shown again when editing.
        let typed: [UUID: String?]
    }

    /// Several payers (API `payers`, page `payer[<id>]`): members, each once, whose amounts add up
    /// to what was paid; converted with the expense when it was paid in another currency. One
    /// payer alone is the ordinary case.
    private static func severalPayers(_ input: ExpenseInput, amount: Int, converted: Int, members: [UUID], _ context: ServiceContext) throws -> [(UUID, Int)]? {
        var typed: [(UUID, String)] = input.payers?.map { ($0.member, $0.amount) } ?? []
        if typed.isEmpty, let fields = input.payer {
            for member in members {
                if let value = fields[member.uuidString]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { typed.append((member, value)) }
            }
            if fields.keys.contains(where: { UUID(uuidString: $0).map { !members.contains($0) } ?? true }) { throw UserFacingError(.unprocessableEntity, "expenses_payerNotMember") }
        }
        guard typed.count > 1 else { return nil }
        guard typed.count <= ExpenseSplit<UUID>.maximumMembers, Set(typed.map(\.0)).count == typed.count else { throw UserFacingError(.unprocessableEntity, "expenses_repeatedMember") }
        guard typed.allSatisfy({ members.contains($0.0) }) else { throw UserFacingError(.unprocessableEntity, "expenses_payerNotMember") }
        let paid = try typed.map { member, text in
            guard let value = Amount(typed: text, mark: context.decimalMark)?.hundredths, value > 0 else {
                throw UserFacingError(.unprocessableEntity, "expenses_payerAmount")
            }
            return value
        }
        let sum = paid.reduce(0) { $0.adding(saturating: $1) }
        guard sum == amount else {
            throw UserFacingError(.unprocessableEntity, "expenses_payersSum", [
                "sum": Formatting.money(hundredths: sum, locale: context.locale), "total": Formatting.money(hundredths: amount, locale: context.locale),
            ])
        }
        let here = converted == amount ? paid : Apportion.largestRemainder(converted, weights: paid)
        return Array(zip(typed.map(\.0), here))
    }

    struct ForeignPayment {
        let amount: Int
        let currency: CurrencyCode
        let rate: ExchangeRate
        let converted: Int
    }

    /// An amount paid in a currency other than the list's, converted at the rate typed with it or,
    /// without one, the administrator's table for the expense's day.
    private static func foreignPayment(_ input: ExpenseInput, amount: Int, on date: CalendarDate, list: ShoppingList, _ context: ServiceContext) async throws -> ForeignPayment? {
        let typed = (input.currency ?? "").trimmingCharacters(in: .whitespaces)
        let listCurrency = context.currency(of: list)
        guard !typed.isEmpty, typed.uppercased() != listCurrency else { return nil }
        guard let currency = CurrencyCode(typed), let here = CurrencyCode(listCurrency), let base = CurrencyCode(context.scanbookConfig.defaultCurrency) else {
            throw UserFacingError(.unprocessableEntity, "expenses_invalidCurrency")
        }
        let typedRate = (input.rate ?? "").trimmingCharacters(in: .whitespaces)
        let rate: ExchangeRate
        if !typedRate.isEmpty {
            guard let given = ExchangeRate(typed: typedRate, mark: context.decimalMark) else { throw UserFacingError(.unprocessableEntity, "expenses_invalidRate") }
            rate = given
        } else {
            guard let found = try await ExchangeRates.rate(from: currency, to: here, on: date, base: base, context.db) else {
                throw UserFacingError(.unprocessableEntity, "expenses_noRate", ["currency": currency.code, "list": listCurrency])
            }
            rate = found
        }
        guard let converted = rate.convert(amount), isBookable(converted) else { throw UserFacingError(.unprocessableEntity, "expenses_invalidAmount") }
        return ForeignPayment(amount: amount, currency: currency, rate: rate, converted: converted)
    }

    /// What an expense's description (trimmed) must be: something, and not too long, also as sent
    /// (`typed`, before trimming; a receipt's title stands in when nothing was typed).
    static func descriptionProblems(_ description: String, asSent typed: String?) -> [LocalizedProblem] {
        if description.isEmpty { return [.init(key: "expenses_descriptionRequired")] }
        if description.exceedsDocumentedLength(maximumDescriptionLength) || typed.exceedsDocumentedLength(maximumDescriptionLength) { return [.init(key: "lists_fieldTooLong", arguments: ["maximum": "\(maximumDescriptionLength)"])] }
        return []
    }

    /// More than nothing and at most `maximumAmount`.
    static func isBookable(_ amount: Int) -> Bool { amount > 0 && amount <= maximumAmount }

    private static func check(_ input: ExpenseInput, on list: ShoppingList, receipt: Receipt?, exactParts: [(UUID, Int)]? = nil, on context: ServiceContext) async throws -> Checked {
        let me = try context.requireUser().requireID()
        let members = try await ListService.members(of: list, on: context.db).members
        let memberIDs = try members.map { try $0.requireID() }

        var problems: [LocalizedProblem] = []
        let description = (input.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let title = description.isEmpty ? (receipt.map { receiptTitle($0, context) } ?? "") : description
        problems += descriptionProblems(title, asSent: input.description)
        let typedAmount = (input.amount ?? "").trimmingCharacters(in: .whitespaces)
        let amount = typedAmount.isEmpty ? receipt?.total?.hundredths : Amount(typed: typedAmount, mark: context.decimalMark)?.hundredths
        guard let amount, isBookable(amount) else {
            throw UserFacingError(.unprocessableEntity, problems + [.init(key: "expenses_invalidAmount")])
        }
        let date = try day(input.date, default: receipt?.purchaseDate, context)
        let foreign = try await foreignPayment(input, amount: amount, on: date, list: list, context)
        let amountHere = foreign?.converted ?? amount
        let payers = try severalPayers(input, amount: amount, converted: amountHere, members: memberIDs, context)
        let payer = payers?.first?.0 ?? input.paidBy ?? me
        if !memberIDs.contains(payer) { problems.append(.init(key: "expenses_payerNotMember")) }
        guard let mode = exactParts != nil ? .exact : ExpenseSplit<UUID>.Mode(rawValue: input.split ?? "equal") else { throw UserFacingError(.unprocessableEntity, "expenses_invalidSplit") }
        let values = try exactParts.map { parts in parts.map { ($0.0, Optional(Amount(hundredths: $0.1).description)) } } ?? participants(input, members: memberIDs)
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }

        let parts: [(UUID, Int)]
        do {
            parts = try exactParts.map { try ExpenseSplit.exact($0).parts(of: amountHere) } ?? ExpenseSplit(mode: mode, values: values).parts(of: amountHere)
        } catch let problem as ExpenseSplit<UUID>.InputProblem {
            throw UserFacingError(.unprocessableEntity, [message(problem, members)])
        } catch let problem as ExpenseSplit<UUID>.Problem {
            throw UserFacingError(.unprocessableEntity, [message(problem)])
        }
        return Checked(
            title: title, amount: amountHere, payer: payer, payers: payers, date: date, mode: mode, parts: parts, foreign: foreign,
            typed: Dictionary(values, uniquingKeysWith: { first, _ in first })
        )
    }

    private static func createShares(_ checked: Checked, of expense: ListExpense, in list: ShoppingList, on database: any Database) async throws {
        for (position, (member, paid)) in (checked.payers ?? []).enumerated() {
            try await ExpensePayer(expenseID: expense.requireID(), listID: list.requireID(), userID: member, amount: paid, position: position).create(on: database)
        }
        for (position, (member, part)) in checked.parts.enumerated() {
            try await ExpenseShare(
                expenseID: expense.requireID(), listID: list.requireID(), position: position, userID: member, amount: part,
                value: checked.mode == .equal ? nil : checked.typed[member] ?? nil
            ).create(on: database)
        }
    }

    static func find(_ id: UUID?, in list: ShoppingList, on context: ServiceContext) async throws -> ListExpense {
        guard let id, let expense = try await ListExpense.query(on: context.db).filter(\.$id == id).filter(\.$list.$id == list.requireID()).with(\.$shares).with(\.$payers).first()
        else { throw Abort(.notFound) }
        return expense
    }

    /// Whoever added it, or the list's owner.
    static func delete(_ expense: ListExpense, in list: ShoppingList, on context: ServiceContext) async throws {
        try requireMayChange(expense, in: list, on: context)
        try await context.db.writeTransaction { database in
            try await ExpenseShare.query(on: database).filter(\.$expense.$id == expense.requireID()).delete()
            try await ExpensePayer.query(on: database).filter(\.$expense.$id == expense.requireID()).delete()
            try await expense.delete(on: database)
        }
        context.announce(.expenses, on: list)
    }

    /// Whoever added an expense may change or delete it, and the list's owner.
    static func mayChange(_ expense: ListExpense, in list: ShoppingList, by user: UUID) -> Bool {
        expense.$addedBy.id == user || list.$owner.id == user
    }

    private static func requireMayChange(_ expense: ListExpense, in list: ShoppingList, on context: ServiceContext) throws {
        guard mayChange(expense, in: list, by: try context.requireUser().requireID()) else {
            throw UserFacingError(.forbidden, "expenses_notYours")
        }
    }

    /// Newest first, filtered by member (payer or sharing), date range and text; at most `limit`.
    static func history(of list: ShoppingList, filter: ExpenseFilter, limit: Int = shownHistory, on database: any Database) async throws -> [ListExpense] {
        var query = ListExpense.query(on: database).filter(\.$list.$id == (try list.requireID()))
        if let from = filter.from.flatMap(CalendarDate.init(iso:)) { query = query.filter(\.$spentOn >= from.description) }
        if let to = filter.to.flatMap(CalendarDate.init(iso:)) { query = query.filter(\.$spentOn <= to.description) }
        if let text = filter.q?.trimmingCharacters(in: .whitespaces), !text.isEmpty { query = query.filter(\.$description, .custom("LIKE"), "%\(text)%") }
        if let member = filter.member {
            // A subquery, not a list of ids: a member may share thousands of expenses.
            let shares: SQLQueryString = "id IN (SELECT expense_id FROM \(ident: ExpenseShare.schema) WHERE user_id = \(bind: member))"
            let paid: SQLQueryString = "id IN (SELECT expense_id FROM \(ident: ExpensePayer.schema) WHERE user_id = \(bind: member))"
            query = query.group(.or) { $0.filter(\.$paidBy.$id == member).filter(.sql(embed: shares)).filter(.sql(embed: paid)) }
        }
        return try await query.with(\.$shares).with(\.$payers).sort(\.$spentOn, .descending).sort(\.$createdAt, .descending).limit(limit).all()
    }

    /// Which members take part and with what value, in the list's member order. Without any, everyone.
    private static func participants(_ input: ExpenseInput, members: [UUID]) throws -> [(UUID, String?)] {
        var given: [UUID: String?] = [:]
        if let parts = input.parts {
            for part in parts { given[part.member] = part.value }
        } else if input.member != nil || input.choosing == "1" {
            for (key, value) in input.member ?? [:] where !value.isEmpty {
                guard let id = UUID(uuidString: key) else { throw UserFacingError(.unprocessableEntity, "expenses_partNotMember") }
                given[id] = input.share?[key]
            }
        } else {
            return members.map { ($0, nil) }
        }
        guard given.keys.allSatisfy(members.contains) else { throw UserFacingError(.unprocessableEntity, "expenses_partNotMember") }
        if let parts = input.parts, Set(parts.map(\.member)).count != parts.count { throw UserFacingError(.unprocessableEntity, "expenses_repeatedMember") }
        return members.compactMap { member in given[member].map { (member, $0) } }
    }

    /// A typed date (ISO or day-first); empty means `fallback`, else today.
    static func day(_ text: String?, default fallback: CalendarDate?, _ context: ServiceContext) throws -> CalendarDate {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return fallback ?? context.today
        }
        guard let date = CalendarDate(iso: text) ?? DateParser.parse(text) else { throw UserFacingError(.unprocessableEntity, "expenses_invalidDate") }
        return date
    }

    /// One of my receipts with a total in the list's currency, not yet shared on a list.
    private static func receiptToShare(_ id: UUID, currency: String, on context: ServiceContext) async throws -> Receipt {
        let me = try context.requireUser().requireID()
        guard let receipt = try await Receipt.query(on: context.db).filter(\.$id == id).filter(\.$owner.$id == me).with(\.$merchant).first() else {
            throw Abort(.notFound)
        }
        guard receipt.total != nil else { throw UserFacingError(.unprocessableEntity, "expenses_receiptNoTotal") }
        if let other = receipt.currency, other != currency {
            throw UserFacingError(.unprocessableEntity, "expenses_receiptCurrency", ["receipt": other, "list": currency])
        }
        guard try await ListExpense.query(on: context.db).filter(\.$receipt.$id == id).count() == 0 else {
            throw UserFacingError(.conflict, "expenses_receiptShared")
        }
        return receipt
    }

    /// The merchant, or "Receipt of <date>"; `receipt.merchant` must be loaded.
    static func receiptTitle(_ receipt: Receipt, _ context: ServiceContext) -> String {
        receipt.merchant?.name ?? context.text("expenses_receipt_title", ["date": receipt.purchasedOn ?? ""])
    }

    private static func message(_ problem: ExpenseSplit<UUID>.InputProblem, _ members: [User]) -> LocalizedProblem {
        switch problem {
        case .noMembers: .init(key: "expenses_noMembers")
        case .invalidValue(let id): .init(key: "expenses_invalidValue", arguments: ["name": members.first { $0.id == id }?.name ?? ""])
        }
    }

    private static func message(_ problem: ExpenseSplit<UUID>.Problem) -> LocalizedProblem {
        switch problem {
        case .exactPartsDoNotAddUp(let sum, let amount):
            .init(key: "expenses_exactMismatch", arguments: ["sum": Amount(hundredths: sum).description, "amount": Amount(hundredths: amount).description])
        case .percentagesDoNotAddUp(let total): .init(key: "expenses_percentMismatch", arguments: ["total": Amount(hundredths: total).description])
        case .noMembers: .init(key: "expenses_noMembers")
        case .repeatedMember: .init(key: "expenses_repeatedMember")
        case .amountNotPositive, .outOfRange: .init(key: "expenses_invalidAmount")
        case .partNotPositive: .init(key: "expenses_partNotPositive")
        }
    }
}

private extension ListExpense {
    func paidIn(_ foreign: ExpenseService.ForeignPayment?) {
        originalAmount = foreign?.amount
        originalCurrency = foreign?.currency.code
        rateMillionths = foreign?.rate.millionths
    }
}
