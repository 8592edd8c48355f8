import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How receipt figures read on a page: amounts in the user's language, month names, rows.
enum ReceiptPresentation {
    static func navigation(_ page: ReceiptsURL, month: YearMonth, context: ServiceContext) -> MonthNavigation {
        MonthNavigation(
            month: month.description,
            label: Formatting.monthLabel(month, locale: context.locale),
            previousURL: month.previous.map { page.path(query: [("month", $0.description)]) },
            nextURL: month.next.map { page.path(query: [("month", $0.description)]) }
        )
    }

    static func links(month: YearMonth?) -> ReceiptsLinks {
        let query = month.map { [("month", $0.description)] } ?? []
        return ReceiptsLinks(
            list: ReceiptsURL.list.path(query: query),
            budget: ReceiptsURL.budget.path(query: query),
            categories: ReceiptsURL.categories.path,
            warranties: ReceiptsURL.warranties.path,
            export: ReceiptsURL.export.path(query: query),
            keywords: ReceiptsURL.keywords.path
        )
    }

    static func row(_ receipt: Receipt, categoryNames: [UUID: String], context: ServiceContext) throws -> ReceiptRow {
        let locale = context.locale
        return ReceiptRow(
            url: ReceiptsURL.receipt(id: try receipt.requireID()).path,
            date: Formatting.date(receipt.purchasedOn, locale: locale),
            merchant: receipt.merchant?.name ?? "",
            total: receipt.total.map { Formatting.money($0, locale: locale) + (receipt.currency.map { " \($0)" } ?? "") } ?? "",
            categories: (receipt.$allocations.value ?? []).compactMap { categoryNames[$0.$category.id] }.sorted().joined(separator: ", "),
            state: receipt.state.rawValue,
            stateLabel: context.text("receipts_state_\(receipt.state.rawValue)")
        )
    }

    /// The month asked for in `?month=`, else the current one.
    static func month(_ query: String?, context: ServiceContext) -> YearMonth {
        if let query, let month = YearMonth(query) { return month }
        return YearMonth(context.today)
    }

    /// "June 2025: 130.00 of 200.00 CHF" for the home tile; nil before the module is first used
    /// (the home page does not seed it).
    static func homeFigure(_ context: ServiceContext) async throws -> String? {
        let ownerID = try context.requireUser().requireID()
        guard try await ReceiptProfile.query(on: context.db).filter(\.$owner.$id == ownerID).count() > 0 else { return nil }
        let month = month(nil, context: context)
        let summary = try await BudgetService.summary(month, ownerID: ownerID, currency: context.homeCurrency, base: context.scanbookConfig.defaultCurrency, uncategorizedName: "", on: context.db).summary
        let spent = Formatting.money(hundredths: summary.totalSpent, locale: context.locale)
        let figure = summary.totalBudget > 0
            ? context.text("receipts_home_budget", ["spent": spent, "budget": Formatting.money(hundredths: summary.totalBudget, locale: context.locale)])
            : spent
        return "\(Formatting.monthLabel(month, locale: context.locale)): \(figure) \(context.homeCurrency)"
    }
}
