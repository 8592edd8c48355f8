import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Recurring expenses on a shared list: set up by a member, stopped by whoever set it up or the
/// owner, and made into ordinary expenses by the maintenance sweep on every instance, each date
/// once (`list_expenses_occurrence_once`). Occurrences missed while no instance ran are made
/// when one runs again, up to `catchUp` per sweep.
enum RecurringExpenses {
    static let catchUp = 24
    /// Set up at most a year back (the missed ones are made at once) and ten years ahead.
    static let daysBack = 366, daysAhead = 3_660

    static func create(_ input: RecurringExpenseInput, on list: ShoppingList, _ context: ServiceContext) async throws -> RecurringExpense {
        let me = try context.requireUser().requireID()
        guard !list.isPrivate else { throw UserFacingError(.conflict, "expenses_sharedOnly") }
        let members = try await ListService.members(of: list, on: context.db).members.map { try $0.requireID() }
        var problems: [LocalizedProblem] = []
        let description = (input.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        problems += ExpenseService.descriptionProblems(description, asSent: input.description)
        let amount = Amount(typed: input.amount ?? "", mark: context.decimalMark)?.hundredths
        if !(amount.map(ExpenseService.isBookable) ?? false) { problems.append(.init(key: "expenses_invalidAmount")) }
        let payer = input.paidBy ?? me
        if !members.contains(payer) { problems.append(.init(key: "expenses_payerNotMember")) }
        if let chosen = input.members, chosen.isEmpty || !chosen.allSatisfy(members.contains) || Set(chosen).count != chosen.count {
            problems.append(.init(key: "expenses_partNotMember"))
        }
        let frequency = Recurrence.Frequency(rawValue: input.frequency ?? "")
        if frequency == nil { problems.append(.init(key: "expenses_recurring_frequency")) }
        let start = try ExpenseService.day(input.startsOn, default: nil, context)
        let end = try input.endsOn.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try ExpenseService.day($0, default: nil, context) }
        if let earliest = context.today.adding(days: -daysBack), let latest = context.today.adding(days: daysAhead), !(earliest...latest).contains(start) {
            problems.append(.init(key: "expenses_recurring_start"))
        }
        if let end, end < start { problems.append(.init(key: "expenses_recurring_end")) }
        guard problems.isEmpty, let amount, let frequency else { throw UserFacingError(.unprocessableEntity, problems) }

        let recurring = RecurringExpense()
        recurring.$list.id = try list.requireID()
        recurring.description = description
        recurring.amount = amount
        recurring.$paidBy.id = payer
        recurring.members = input.members.map { $0.map(\.uuidString).joined(separator: ",") }
        recurring.frequency = frequency
        recurring.startsOn = start.description
        recurring.endsOn = end?.description
        recurring.nextIndex = 0
        recurring.$addedBy.id = me
        try await recurring.create(on: context.db)
        // What is due already appears now, not at the next sweep.
        _ = try await makeDue(recurring, list: list, app: context.application)
        return recurring
    }

    static func all(on list: ShoppingList, _ database: any Database) async throws -> [RecurringExpense] {
        try await RecurringExpense.query(on: database).filter(\.$list.$id == list.requireID()).sort(\.$createdAt).all()
    }

    /// Stops it (whoever set it up, or the owner); the expenses it made stay.
    static func stop(_ id: UUID?, on list: ShoppingList, _ context: ServiceContext) async throws {
        guard let id, let recurring = try await RecurringExpense.query(on: context.db).filter(\.$id == id).filter(\.$list.$id == list.requireID()).first() else {
            throw Abort(.notFound)
        }
        let me = try context.requireUser().requireID()
        guard recurring.$addedBy.id == me || list.$owner.id == me else { throw UserFacingError(.forbidden, "expenses_notYours") }
        try await recurring.delete(on: context.db)
    }

    /// The sweep: every recurring expense's due dates made once. Returns how many expenses it made.
    static func sweep(_ app: Application) async throws -> Int {
        var made = 0
        for recurring in try await RecurringExpense.query(on: app.db).with(\.$list).all() {
            made += try await makeDue(recurring, list: recurring.list, app: app)
        }
        return made
    }

    private static func makeDue(_ recurring: RecurringExpense, list: ShoppingList, app: Application) async throws -> Int {
        guard let recurrence = recurring.recurrence, let id = recurring.id,
              let adder = try await User.find(recurring.$addedBy.id, on: app.db) else { return 0 }
        let context = ServiceContext(application: app, user: adder, locale: "en", decimalMark: .point)
        let due = recurrence.due(through: app.clock.today, from: recurring.nextIndex, limit: catchUp)
        guard let last = due.last else { return 0 }
        var made = 0
        for occurrence in due {
            let input = ExpenseInput(
                description: recurring.description, amount: Amount(hundredths: recurring.amount).description, paidBy: recurring.$paidBy.id,
                date: occurrence.date.description, split: "equal", parts: recurring.memberIDs?.map { .init(member: $0, value: nil) }
            )
            do {
                _ = try await ExpenseService.add(input, to: list, occurrence: (id, occurrence.date), on: context)
                made += 1
            } catch let error as any DatabaseError where error.isConstraintFailure {
                continue // made by another instance a moment ago
            } catch let error as UserFacingError {
                // The payer or a member left the list: the date is skipped, and said so in the log.
                app.logger.warning("recurring expense not made", metadata: ["recurring": "\(id)", "date": "\(occurrence.date)", "error": "\(error)"])
            }
        }
        // Only ever forward: another instance may have moved it on already.
        try await RecurringExpense.query(on: app.db).filter(\.$id == id).filter(\.$nextIndex <= last.index)
            .set(\.$nextIndex, to: last.index + 1).update()
        return made
    }
}
