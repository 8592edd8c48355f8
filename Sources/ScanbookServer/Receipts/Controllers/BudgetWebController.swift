import Foundation
import ScanbookCore
import Vapor

/// The month view (spending against budgets, bar chart), the CSV export and the warranties list.
enum BudgetWebController {
    static let chartWidth = 600
    static let barX = 150
    static let barHeight = 18
    static let rowHeight = 30

    @Sendable static func month(_ request: Request) async throws -> Response {
        let month = ReceiptPresentation.month(try request.query.get(String?.self, at: "month"), request: request)
        let figures = try await BudgetService.summary(month, for: request)
        let summary = figures.summary
        let locale = request.locale
        func money(_ value: Int?) -> String { value.map { Formatting.money(hundredths: $0, locale: locale) } ?? "–" }
        let scale = Double(chartWidth - barX - 10) / Double(summary.chartScale)
        let bars = summary.rows.enumerated().map { index, row in
            BudgetView.Bar(
                label: row.name, y: index * rowHeight + 6, textY: index * rowHeight + 6 + 14,
                spentWidth: Int(clamping: (Double(row.spent) * scale).rounded(), within: 0...100_000),
                budgetX: row.budget.map { barX + Int(clamping: (Double($0) * scale).rounded(), within: 0...100_000) },
                over: row.isOverBudget, value: money(row.spent)
            )
        }
        let view = BudgetView(
            month: ReceiptPresentation.navigation(.budget, month: month, request: request),
            links: ReceiptPresentation.links(month: month),
            currency: request.homeCurrency,
            rows: summary.rows.map { row in
                BudgetView.Row(
                    name: row.name, spent: money(row.spent), budget: money(row.budget), remaining: money(row.remaining),
                    percent: row.percentUsed.map { "\($0) %" } ?? "", over: row.isOverBudget
                )
            },
            totalSpent: money(summary.totalSpent), totalBudget: money(summary.totalBudget), totalRemaining: money(summary.totalRemaining),
            bars: bars, chartHeight: max(rowHeight, bars.count * rowHeight + 6), barX: barX, barHeight: barHeight,
            otherCurrencies: figures.otherCurrencies.isEmpty ? nil : figures.otherCurrencies.map {
                request.text("receipts_other_currency", ["amount": "\(money($0.hundredths)) \($0.currency)", "count": String($0.receipts)])
            }.joined(separator: " · ")
        )
        return try await request.renderPage("Receipts/budget", title: "receipts_budget_title", content: view, activeModule: .receipts)
    }

    @Sendable static func export(_ request: Request) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        let month = ReceiptPresentation.month(try request.query.get(String?.self, at: "month"), request: request)
        let csv = try await BudgetService.csv(month, ownerID: ownerID, uncategorizedName: request.text("receipts_uncategorized"), on: request.db)
        return csvResponse(csv, month: month)
    }

    static func csvResponse(_ csv: String, month: YearMonth) -> Response {
        .csv(csv, name: "receipts-\(month)", fallback: "receipts")
    }

    @Sendable static func warranties(_ request: Request) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        let today = request.today
        let rows = try await BudgetService.warranties(ownerID: ownerID, on: request.db).map { receipt in
            WarrantiesView.Row(
                url: ReceiptsURL.receipt(id: try receipt.requireID()).path,
                merchant: receipt.merchant?.name ?? request.text("receipts_unknownMerchant"),
                purchased: Formatting.date(receipt.purchasedOn, locale: request.locale),
                until: Formatting.date(receipt.warrantyUntil, locale: request.locale),
                expired: (receipt.warrantyUntil ?? "") < today.description
            )
        }
        let view = WarrantiesView(links: ReceiptPresentation.links(month: nil), rows: rows)
        return try await request.renderPage("Receipts/warranties", title: "receipts_warranties_title", content: view, activeModule: .receipts)
    }
}
