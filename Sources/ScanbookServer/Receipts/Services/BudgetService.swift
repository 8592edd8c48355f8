import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Month figures: spending per category against budgets, the CSV export, warranties.
enum BudgetService {
    /// Confirmed receipts dated in `month`, with merchant and bookings.
    static func receipts(in month: YearMonth, ownerID: UUID, on database: any Database) async throws -> [Receipt] {
        try await Receipt.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$state == .confirmed)
            .filter(\.$purchasedOn >= month.firstDay.description).filter(\.$purchasedOn <= month.lastDay.description)
            .with(\.$merchant).with(\.$allocations).sort(\.$purchasedOn).all()
    }

    /// A month's budget in one currency, the receipts in other currencies counted at a rate
    /// (`conversions` says which, at what rate), and those without a rate kept apart.
    struct MonthFigures: Sendable {
        let summary: BudgetSummary<UUID>
        let otherCurrencies: [CurrencyTotal]
        let conversions: [Conversion]
    }

    /// A receipt in another currency as it counts in the budget.
    struct Conversion: Sendable {
        let receipt: Receipt
        let currency: String
        let original: Int
        let rate: ExchangeRate
        let converted: Int
    }

    /// The signed-in user's month in their home currency.
    static func summary(_ month: YearMonth, for context: ServiceContext) async throws -> MonthFigures {
        let ownerID = try context.requireUser().requireID()
        try await ReceiptService.profile(context)
        return try await summary(
            month, ownerID: ownerID, currency: context.homeCurrency, base: context.scanbookConfig.defaultCurrency,
            uncategorizedName: context.text("receipts_uncategorized"), on: context.db
        )
    }

    static func summary(_ month: YearMonth, ownerID: UUID, currency: String, base: String, uncategorizedName: String, on database: any Database) async throws -> MonthFigures {
        let categories = try await CategoryService.all(ownerID: ownerID, on: database)
        let receipts = try await receipts(in: month, ownerID: ownerID, on: database)
        let carried = try await carriedOver(into: month, categories: categories, ownerID: ownerID, currency: currency, base: base, on: database)
        var spent: [BudgetSummary<UUID>.Spending] = []
        var conversions: [Conversion] = []
        var unconverted: [Receipt] = []
        for receipt in receipts {
            switch try await counted(receipt, in: currency, base: base, on: database) {
            case .inHomeCurrency(let items): spent += items
            case .converted(let conversion, let items): spent += items; conversions.append(conversion)
            case .apart: unconverted.append(receipt)
            }
        }
        let summary = BudgetSummary(
            categories: try categories.map { .init(id: try $0.requireID(), name: $0.name, budget: $0.monthlyBudget, carriedOver: carried[try $0.requireID()] ?? 0) },
            spending: spent,
            uncategorizedName: uncategorizedName
        )
        let others = CurrencyTotal.apart(from: currency, unconverted.compactMap { receipt in
            receipt.total.map { (receipt.currency, $0.hundredths) }
        })
        return MonthFigures(summary: summary, otherCurrencies: others, conversions: conversions)
    }

    /// How a receipt counts in a budget in `currency`: its bookings as they are, converted at a
    /// rate, or not at all (summed apart). The month and the carry-over both count by it.
    enum Counted {
        case inHomeCurrency([BudgetSummary<UUID>.Spending])
        case converted(Conversion, [BudgetSummary<UUID>.Spending])
        case apart
    }

    static func counted(_ receipt: Receipt, in currency: String, base: String, on database: any Database) async throws -> Counted {
        if CurrencyTotal.belongs(receipt.currency, in: currency) { return .inHomeCurrency(spending(receipt)) }
        guard let conversion = try await convert(receipt, to: currency, base: base, on: database) else { return .apart }
        return .converted(conversion, spending(conversion))
    }

    /// A receipt in another currency at its recorded rate, else the rate table's for its day; nil
    /// when neither has one (it is then summed apart).
    static func convert(_ receipt: Receipt, to home: String, base: String, on database: any Database) async throws -> Conversion? {
        guard let total = receipt.total?.hundredths, let code = receipt.currency.flatMap(CurrencyCode.init),
              let homeCode = CurrencyCode(home), let baseCode = CurrencyCode(base) else { return nil }
        var rate = receipt.rateMillionths.flatMap(ExchangeRate.init(millionths:))
        if rate == nil, let day = receipt.purchaseDate {
            rate = try await ExchangeRates.rate(from: code, to: homeCode, on: day, base: baseCode, database)
        }
        guard let rate, let converted = rate.convert(total) else { return nil }
        return Conversion(receipt: receipt, currency: code.code, original: total, rate: rate, converted: converted)
    }

    /// A converted receipt's bookings in the home currency, in proportion to what each booked.
    static func spending(_ conversion: Conversion) -> [BudgetSummary<UUID>.Spending] {
        let bookings = conversion.receipt.$allocations.value ?? []
        if bookings.isEmpty { return [.init(category: nil, amount: conversion.converted)] }
        let parts = Apportion.largestRemainder(conversion.converted, weights: bookings.map(\.amountHundredths))
        return zip(bookings, parts).map { .init(category: $0.$category.id, amount: $1) }
    }

    /// What each carrying-over category brings into `month` from the months since it started
    /// carrying over (at most `BudgetCarryOver.maximumMonths`), read in one query.
    static func carriedOver(into month: YearMonth, categories: [ReceiptCategory], ownerID: UUID, currency: String, base: String, on database: any Database) async throws -> [UUID: Int] {
        var starts: [UUID: YearMonth] = [:]
        for category in categories {
            guard category.monthlyBudget != nil, let since = category.carryOverSince.flatMap(YearMonth.init(_:)), since < month else { continue }
            starts[try category.requireID()] = since
        }
        guard let earliest = starts.values.min(), let last = month.previous else { return [:] }
        var months: [YearMonth] = []
        var cursor: YearMonth? = last
        while let current = cursor, current >= earliest, months.count < BudgetCarryOver.maximumMonths {
            months.insert(current, at: 0)
            cursor = current.previous
        }
        guard let first = months.first else { return [:] }
        let receipts = try await Receipt.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$state == .confirmed)
            .filter(\.$purchasedOn >= first.firstDay.description).filter(\.$purchasedOn <= last.lastDay.description)
            .with(\.$allocations).all()
        var spent: [UUID: [YearMonth: Int]] = [:]
        for receipt in receipts {
            guard let day = receipt.purchaseDate else { continue }
            let items: [BudgetSummary<UUID>.Spending]
            switch try await counted(receipt, in: currency, base: base, on: database) {
            case .inHomeCurrency(let home): items = home
            case .converted(_, let converted): items = converted
            case .apart: continue
            }
            for item in items {
                guard let category = item.category else { continue }
                spent[category, default: [:]][YearMonth(day), default: 0] = spent[category, default: [:]][YearMonth(day), default: 0].adding(saturating: item.amount)
            }
        }
        var carried: [UUID: Int] = [:]
        for category in categories {
            guard let id = category.id, let since = starts[id], let budget = category.monthlyBudget else { continue }
            carried[id] = BudgetCarryOver.carried(budget: budget, spent: months.filter { $0 >= since }.map { spent[id]?[$0] ?? 0 })
        }
        return carried
    }

    /// A receipt's bookings, or its whole total as uncategorized when it has none.
    static func spending(_ receipt: Receipt) -> [BudgetSummary<UUID>.Spending] {
        guard let total = receipt.total else { return [] }
        let bookings = receipt.$allocations.value ?? []
        if bookings.isEmpty { return [.init(category: nil, amount: total.hundredths)] }
        return bookings.map { .init(category: $0.$category.id, amount: $0.amountHundredths) }
    }

    /// One line per booking of the month's receipts (a split receipt gives several).
    static func csv(_ month: YearMonth, ownerID: UUID, uncategorizedName: String, on database: any Database) async throws -> String {
        let names = Dictionary(uniqueKeysWithValues: try await CategoryService.all(ownerID: ownerID, on: database).map { (try $0.requireID(), $0.name) })
        var table = CSVTable(header: ["date", "merchant", "category", "amount", "currency", "receipt_total", "note", "warranty_until", "receipt_id"])
        for receipt in try await receipts(in: month, ownerID: ownerID, on: database) {
            let id = try receipt.requireID().uuidString
            for item in spending(receipt) {
                table.append([
                    .text(receipt.purchasedOn ?? ""), .text(receipt.merchant?.name ?? ""),
                    .text(item.category.flatMap { names[$0] } ?? uncategorizedName),
                    .number(Amount(hundredths: item.amount).description), .text(receipt.currency ?? ""),
                    .number(receipt.total?.description ?? ""), .text(receipt.note ?? ""), .text(receipt.warrantyUntil ?? ""), .text(id),
                ])
            }
        }
        return table.text
    }

    /// Receipts with a warranty, the soonest to end first.
    static func warranties(ownerID: UUID, on database: any Database) async throws -> [Receipt] {
        try await Receipt.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$warrantyUntil != nil)
            .with(\.$merchant).sort(\.$warrantyUntil).all()
    }
}
