import Fluent
import Foundation
import ScanbookCore
import Vapor

/// A user's categories: listing, creating, renaming, budgets, deleting with reassignment, and the
/// proposal for a new receipt.
enum CategoryService {
    static let maximumNameLength = 60

    static func all(ownerID: UUID, on database: any Database) async throws -> [ReceiptCategory] {
        try await ReceiptCategory.query(on: database).filter(\.$owner.$id == ownerID).all()
            .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// The user's category, or 404 for anyone else's.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> ReceiptCategory {
        try await ReceiptCategory.find(id, ownedBy: context)
    }

    /// A category id from a form or JSON, checked to belong to the user.
    static func owned(_ text: String, ownerID: UUID, on database: any Database) async throws -> UUID? {
        guard let id = UUID(uuidString: text),
              try await ReceiptCategory.query(on: database).filter(\.$id == id).filter(\.$owner.$id == ownerID).count() == 1
        else { return nil }
        return id
    }

    static func create(_ form: CategoryForm, on context: ServiceContext) async throws -> ReceiptCategory {
        let ownerID = try context.requireUser().requireID()
        let name = try validName(form.name)
        let budget = try parseBudget(form.budget, mark: context.decimalMark) ?? nil
        let carries = try form.carriesOver() ?? false
        try await requireUnique(name, ownerID: ownerID, except: nil, on: context.db)
        let category = ReceiptCategory(ownerID: ownerID, name: name, monthlyBudget: budget)
        category.carryOverSince = carries ? YearMonth(context.today).description : nil
        try await category.create(on: context.db)
        return category
    }

    static func update(_ category: ReceiptCategory, _ form: CategoryForm, on context: ServiceContext) async throws {
        var problems: [LocalizedProblem] = []
        var name = category.name
        var budget = category.monthlyBudget
        do { if form.name != nil { name = try validName(form.name) } } catch let error as UserFacingError { problems += error.problems }
        do { if let parsed = try parseBudget(form.budget, mark: context.decimalMark) { budget = parsed } } catch let error as UserFacingError { problems += error.problems }
        var carries: Bool?
        do { carries = try form.carriesOver() } catch let error as UserFacingError { problems += error.problems }
        guard problems.isEmpty else { throw UserFacingError(.unprocessableEntity, problems) }
        if name != category.name { try await requireUnique(name, ownerID: category.$owner.id, except: category.id, on: context.db) }
        category.name = name
        category.monthlyBudget = budget
        if let carries {
            if !carries { category.carryOverSince = nil } else if category.carryOverSince == nil { category.carryOverSince = YearMonth(context.today).description }
        }
        try await category.save(on: context.db)
    }

    /// Moves the category's bookings to `target` (adding them up where a receipt already has the
    /// target) and deletes it. A category with bookings needs a target.
    static func delete(_ category: ReceiptCategory, reassignTo targetText: String?, on context: ServiceContext) async throws {
        let categoryID = try category.requireID()
        let ownerID = category.$owner.id
        let bookings = try await ReceiptAllocation.query(on: context.db).filter(\.$category.$id == categoryID).all()
        var target: UUID?
        if let targetText, !targetText.isEmpty {
            guard let id = try await owned(targetText, ownerID: ownerID, on: context.db), id != categoryID else {
                throw UserFacingError(.unprocessableEntity, "receipts_unknownCategory")
            }
            target = id
        }
        if !bookings.isEmpty && target == nil {
            throw UserFacingError(.conflict, "receipts_categoryInUse", ["count": String(bookings.count)])
        }
        let reassignment = target
        try await context.db.writeTransaction { database in
            if let target = reassignment {
                for booking in bookings {
                    if let existing = try await ReceiptAllocation.query(on: database)
                        .filter(\.$receipt.$id == booking.$receipt.id).filter(\.$category.$id == target).first() {
                        existing.amountHundredths += booking.amountHundredths
                        try await existing.save(on: database)
                        try await booking.delete(on: database)
                    } else {
                        booking.$category.id = target
                        try await booking.save(on: database)
                    }
                }
            }
            try await category.delete(on: database)
        }
    }

    /// The merchant's last category, else what past receipts of similar merchants were filed under.
    static func suggestion(for merchant: Merchant?, ownerID: UUID, on database: any Database) async throws -> UUID? {
        let recent = try await Receipt.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$state == .confirmed)
            .filter(\.$merchant.$id != nil).sort(\.$updatedAt, .descending).limit(300)
            .with(\.$merchant).with(\.$allocations).all()
        let past = recent.compactMap { receipt -> CategorySuggestion.Past<UUID>? in
            guard let name = receipt.merchant?.name,
                  let main = receipt.allocations.max(by: { $0.amountHundredths < $1.amountHundredths }) else { return nil }
            return CategorySuggestion.Past(merchant: name, category: main.$category.id)
        }
        return CategorySuggestion.suggest(merchantLastCategory: merchant?.$lastCategory.id, merchant: merchant?.name, past: past)
    }

    private static func validName(_ raw: String?) throws -> String {
        let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maximumNameLength else {
            throw UserFacingError(.unprocessableEntity, "receipts_categoryName", ["maximum": String(maximumNameLength)])
        }
        return name
    }

    /// nil: not given (leave as is); .some(nil): cleared.
    private static func parseBudget(_ raw: String?, mark: DecimalMark) throws -> Int?? {
        guard let raw else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .some(nil) }
        guard let amount = Amount(typed: text, mark: mark) else { throw UserFacingError(.unprocessableEntity, "receipts_invalidBudget", ["value": text]) }
        return .some(amount.hundredths)
    }

    private static func requireUnique(_ name: String, ownerID: UUID, except id: UUID?, on database: any Database) async throws {
        let clash = try await ReceiptCategory.query(on: database).filter(\.$owner.$id == ownerID).all()
            .contains { $0.id != id && $0.name.caseInsensitiveCompare(name) == .orderedSame }
        if clash { throw UserFacingError(.conflict, "receipts_categoryExists", ["name": name]) }
    }
}
