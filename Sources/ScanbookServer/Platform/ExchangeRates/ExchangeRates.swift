import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The administrator's rate table: imported as CSV (`ExchangeRatesCSV`), read by whatever
/// converts money (an expense in another currency, a receipt in a budget). A rate for a day is
/// the table's latest on or before it, at most `maximumAge` days older.
enum ExchangeRates {
    static let maximumAge = 31

    /// All rows or none; a day and currency already in the table takes the new rate.
    static func importCSV(_ text: String, on context: ServiceContext) async throws -> Int {
        guard let base = CurrencyCode(context.scanbookConfig.defaultCurrency) else { throw Abort(.internalServerError) }
        let rows: [ExchangeRatesCSV.Row]
        do {
            rows = try ExchangeRatesCSV.decode(text, base: base, maximumRows: context.scanbookConfig.csvMaximumRows)
        } catch let problems as CSVTable.Problems {
            throw UserFacingError(csv: problems, key: "rates_csvProblem")
        } catch let problem as CSVTable.ParseError {
            throw UserFacingError(.unprocessableEntity, "rates_csvProblem", ["line": "\(problem.line)", "reason": problem.reason])
        }
        guard !rows.isEmpty else { throw UserFacingError(.unprocessableEntity, "rates_csvEmpty") }
        try await context.db.writeTransaction { database in
            for row in rows {
                try await StoredExchangeRate.query(on: database).filter(\.$currency == row.currency.code).filter(\.$day == row.date.description).delete()
                try await StoredExchangeRate(day: row.date.description, currency: row.currency.code, rateMillionths: row.rate.millionths).create(on: database)
            }
            try await AuditLog.record("rates.import", subject: "exchange rates", before: Optional<String>.none, after: "\(rows.count) rows", on: database, context: context)
        }
        return rows.count
    }

    /// What one unit of `from` was worth in `to` on `day`, by the table; nil when it has no rate
    /// recent enough for either.
    static func rate(from: CurrencyCode, to: CurrencyCode, on day: CalendarDate, base: CurrencyCode, _ database: any Database) async throws -> ExchangeRate? {
        if from == to { return ExchangeRate(millionths: ExchangeRate.scale) }
        guard let fromBase = try await toBase(from, on: day, base: base, database), let toBase = try await toBase(to, on: day, base: base, database) else { return nil }
        return fromBase.over(toBase)
    }

    private static func toBase(_ currency: CurrencyCode, on day: CalendarDate, base: CurrencyCode, _ database: any Database) async throws -> ExchangeRate? {
        if currency == base { return ExchangeRate(millionths: ExchangeRate.scale) }
        guard let oldest = day.adding(days: -maximumAge) else { return nil }
        let row = try await StoredExchangeRate.query(on: database).filter(\.$currency == currency.code)
            .filter(\.$day <= day.description).filter(\.$day >= oldest.description).sort(\.$day, .descending).first()
        return row.flatMap { ExchangeRate(millionths: $0.rateMillionths) }
    }

    /// The newest rows, for the administrator's page.
    static func latest(limit: Int = 50, _ database: any Database) async throws -> [StoredExchangeRate] {
        try await StoredExchangeRate.query(on: database).sort(\.$day, .descending).sort(\.$currency).limit(limit).all()
    }
}
