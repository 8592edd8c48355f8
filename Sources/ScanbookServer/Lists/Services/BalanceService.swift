import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// Who owes whom on a shared list, the payments that settle it, and recording them. Balances are
/// summed by the database (a list may hold thousands of expenses); payments are few and read whole.
enum BalanceService {
    struct Summary {
        /// Current members in join order, then former members whose balance is not yet zero.
        let people: [User]
        let memberIDs: Set<UUID>
        let balances: [UUID: Int]
        let plan: [SettleUp.Transfer<UUID>]

        func name(_ id: UUID) -> String { people.first { $0.id == id }?.name ?? "?" }
    }

    static func summary(of list: ShoppingList, on database: any Database) async throws -> Summary {
        let listID = try list.requireID()
        let members = try await ListService.members(of: list, on: database).members
        let memberIDs = Set(try members.map { try $0.requireID() })
        let expenseBalances = try await sums(of: listID, on: database)
        let payments = try await ListPayment.query(on: database).filter(\.$list.$id == listID).sort(\.$createdAt).all()
        // The plan shown stays the one proposed when the expenses last changed, minus what was paid since.
        let lastChange = try await ListExpense.query(on: database).filter(\.$list.$id == listID).sort(\.$createdAt, .descending).first()?.createdAt
        let paidBefore = payments.filter { lastChange == nil || ($0.createdAt ?? .distantPast) <= lastChange! }
        let paidSince = payments.filter { lastChange != nil && ($0.createdAt ?? .distantPast) > lastChange! }
        let balancesThen = SettleUp.balances(expenses: [], payments: paidBefore.map(\.transfer)).merging(expenseBalances, uniquingKeysWith: +)
        let balancesNow = SettleUp.balances(expenses: [], payments: paidSince.map(\.transfer)).merging(balancesThen, uniquingKeysWith: +)
        let plan = SettleUp.stablePlan(balancesThen: balancesThen, paymentsSince: paidSince.map(\.transfer), balancesNow: balancesNow)

        let formerIDs = balancesNow.filter { $0.value != 0 && !memberIDs.contains($0.key) }.map(\.key)
        let former = formerIDs.isEmpty ? [] : try await User.query(on: database).filter(\.$id ~~ formerIDs).sort(\.$name).all()
        return Summary(people: members + former, memberIDs: memberIDs, balances: balancesNow, plan: plan)
    }

    /// Records a payment; the payer or the payee records it (or the owner, for someone who left).
    static func record(_ input: ListPaymentInput, on list: ShoppingList, by context: ServiceContext) async throws -> ListPayment {
        let me = try context.requireUser().requireID()
        guard !list.isPrivate else { throw UserFacingError(.conflict, "expenses_sharedOnly") }
        guard let from = input.from, let to = input.to, from != to, try await mayTakePart(in: [from, to], on: list, context.db) else {
            throw UserFacingError(.unprocessableEntity, "expenses_paymentPeople")
        }
        guard me == from || me == to || me == list.$owner.id else { throw UserFacingError(.forbidden, "expenses_paymentNotYours") }
        guard let amount = input.amount.flatMap { Amount(typed: $0, mark: context.decimalMark) }?.hundredths, amount > 0, amount <= ExpenseService.maximumAmount else {
            throw UserFacingError(.unprocessableEntity, "expenses_invalidAmount")
        }
        let date = try ExpenseService.day(input.date, default: nil, context)
        let payment = ListPayment(
            listID: try list.requireID(), transfer: .init(from: from, to: to, amount: amount),
            currency: context.currency(of: list), paidOn: date, recordedBy: me
        )
        try await payment.create(on: context.db)
        context.announce(.expenses, on: list)
        return payment
    }

    /// Members take part in payments; so does someone who left while their balance is open. The
    /// balances are only summed when someone is not a member.
    private static func mayTakePart(in people: [UUID], on list: ShoppingList, _ database: any Database) async throws -> Bool {
        let members = Set(try await ListService.members(of: list, on: database).members.map { try $0.requireID() })
        let others = people.filter { !members.contains($0) }
        if others.isEmpty { return true }
        let balances = try await summary(of: list, on: database).balances
        return others.allSatisfy { balances[$0, default: 0] != 0 }
    }

    static func payments(of list: ShoppingList, limit: Int, on database: any Database) async throws -> [ListPayment] {
        try await ListPayment.query(on: database).filter(\.$list.$id == list.requireID()).sort(\.$paidOn, .descending).sort(\.$createdAt, .descending).limit(limit).all()
    }

    /// Paid minus owed per person over all the list's expenses, summed in SQL.
    private static func sums(of listID: UUID, on database: any Database) async throws -> [UUID: Int] {
        guard let sql = database as? any SQLDatabase else { throw Abort(.internalServerError, reason: "balances need an SQL database") }
        struct Row: Decodable {
            let person: UUID
            let total: Int
        }
        // One payer: `paid_by` paid it all; several: their rows say who paid what.
        let paid = try await sql.raw("""
            SELECT paid_by AS person, CAST(SUM(amount) AS BIGINT) AS total FROM \(ident: ListExpense.schema)
            WHERE list_id = \(bind: listID) AND id NOT IN (SELECT expense_id FROM \(ident: ExpensePayer.schema) WHERE list_id = \(bind: listID))
            GROUP BY paid_by
            """).all(decoding: Row.self) + sql.raw("""
            SELECT user_id AS person, CAST(SUM(amount) AS BIGINT) AS total FROM \(ident: ExpensePayer.schema)
            WHERE list_id = \(bind: listID) GROUP BY user_id
            """).all(decoding: Row.self)
        let owed = try await sql.raw("""
            SELECT user_id AS person, CAST(SUM(amount) AS BIGINT) AS total FROM \(ident: ExpenseShare.schema)
            WHERE list_id = \(bind: listID) GROUP BY user_id
            """).all(decoding: Row.self)
        var balances: [UUID: Int] = [:]
        for row in paid { balances[row.person, default: 0] += row.total }
        for row in owed { balances[row.person, default: 0] -= row.total }
        return balances
    }
}
