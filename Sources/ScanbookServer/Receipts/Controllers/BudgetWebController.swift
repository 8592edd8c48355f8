import Foundation
import ScanbookCore
import Vapor

/// The month view (spending against budgets, bar chart), the CSV export and the warranties list.
enum BudgetWebController {
    /// A viewBox as wide as AxisChart's (readable on a phone): each category's name above its bar.
    static let chartWidth = Int(AxisChart.width)
    static let barX = 4
    static let barHeight = 14
    static let rowHeight = 40
    static let plotWidth = chartWidth - barX - Int(AxisChart.right)
    /// Characters of a name that fit across the chart; longer ones end in "…" (the table has them whole).
    static let labelCharacters = Int(Double(chartWidth) / (AxisChart.fontSize * 0.7)) - 2

    @Sendable static func month(_ request: Request) async throws -> Response {
        let month = ReceiptPresentation.month(try request.query.get(String?.self, at: "month"), context: request.context)
        let figures = try await BudgetService.summary(month, for: request.context)
        let summary = figures.summary
        let locale = request.locale
        func money(_ value: Int?) -> String { value.map { Formatting.money(hundredths: $0, locale: locale) } ?? "–" }
        let ticks = ChartGeometry.ticks(low: 0, high: max(1, summary.chartScale), count: 3)
        let scale = Double(plotWidth) / Double(max(1, ticks.last ?? summary.chartScale))
        let bars = summary.rows.enumerated().map { index, row in
            BudgetView.Bar(
                label: row.name.count > labelCharacters ? String(row.name.prefix(labelCharacters - 1)) + "…" : row.name, name: row.name,
                y: index * rowHeight + 18, textY: index * rowHeight + 13,
                spentWidth: Int(clamping: (Double(row.spent) * scale).rounded(), within: 0...100_000),
                budgetX: row.budget.map { Int(clamping: (Double($0) * scale).rounded(), within: 0...100_000) },
                over: row.isOverBudget, value: money(row.spent)
            )
        }
        // Whole units on the axis when every tick is one (12 CHF steps), else with cents.
        let whole = ticks.allSatisfy { $0 % 100 == 0 }
        let axisY = max(1, bars.count) * rowHeight + 2
        var view = BudgetView(
            month: ReceiptPresentation.navigation(.budget, month: month, context: request.context),
            links: ReceiptPresentation.links(month: month),
            currency: request.context.homeCurrency,
            rows: summary.rows.map { row in
                BudgetView.Row(
                    name: row.name, spent: money(row.spent), budget: money(row.budget), remaining: money(row.remaining),
                    percent: row.percentUsed.map { "\($0) %" } ?? "", over: row.isOverBudget,
                    carried: row.carriedOver > 0 ? request.text("receipts_carried", ["amount": money(row.carriedOver)]) : ""
                )
            },
            totalSpent: money(summary.totalSpent), totalBudget: money(summary.totalBudget), totalRemaining: money(summary.totalRemaining),
            bars: bars, chartHeight: axisY + 22, barX: barX, barHeight: barHeight,
            otherCurrencies: figures.otherCurrencies.isEmpty ? nil : figures.otherCurrencies.map {
                request.text("receipts_other_currency", ["amount": "\(money($0.hundredths)) \($0.currency)", "count": String($0.receipts)])
            }.joined(separator: " · "),
            conversions: figures.conversions.map { conversion in
                ReceiptsLink(text: request.text("receipts_converted", [
                    "what": conversion.receipt.merchant?.name ?? Formatting.date(conversion.receipt.purchasedOn, locale: locale),
                    "amount": "\(conversion.currency) \(money(conversion.original))", "rate": Formatting.number(conversion.rate.description, locale: locale),
                    "converted": "\(money(conversion.converted)) \(request.context.homeCurrency)",
                ]), url: ReceiptsURL.receipt(id: conversion.receipt.id).path)
            }
        )
        view.axisY = axisY
        view.spentInBudgets = money(summary.spentInBudgeted)
        let anyBudget = summary.rows.contains { $0.budget != nil }
        view.outsideBudgets = anyBudget && summary.spentInBudgeted != summary.totalSpent
        if !anyBudget {
            // Nothing to compare with: no budget, nothing remaining, rather than two zeros beside the spending.
            view.totalBudget = money(nil)
            view.totalRemaining = money(nil)
        }
        if summary.totalBudget > 0 {
            view.budgetPercent = "\(Int(clamping: (Double(summary.spentInBudgeted) / Double(summary.totalBudget) * 100).rounded(), within: -1_000_000...1_000_000)) %"
        }
        view.axisWidth = plotWidth
        view.ticks = ticks.enumerated().map { index, tick in
            AxisChart.Label(
                x: (Double(tick) * scale).rounded(), text: whole ? Formatting.number("\(tick / 100)", locale: locale) : money(tick),
                anchor: index == 0 ? "start" : index == ticks.count - 1 ? "end" : "middle"
            )
        }
        return try await request.renderPage("Receipts/budget", title: "receipts_budget_title", content: view, activeModule: .receipts)
    }

    @Sendable static func export(_ request: Request) async throws -> Response {
        let ownerID = try request.auth.require(User.self).requireID()
        let month = ReceiptPresentation.month(try request.query.get(String?.self, at: "month"), context: request.context)
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
