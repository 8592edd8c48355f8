import ScanbookCore
import Vapor

/// The administrators' exchange-rate table: the newest rates and a CSV upload (`date,currency,rate`,
/// one unit of the currency in the server's base currency). Everyone else gets 403.
enum ExchangeRateAdminController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await render(request, errors: [])
    }

    @Sendable static func importCSV(_ request: Request) async throws -> Response {
        try await request.change {
            let file = try request.requireFile(try request.content.decode(CSVImportForm.self).file)
            guard let text = file.data.getString(at: file.data.readerIndex, length: file.data.readableBytes) else {
                throw UserFacingError(.unprocessableEntity, "rates_csvNotText")
            }
            let count = try await ExchangeRates.importCSV(text, on: request.context)
            request.flash(.success, request.text("rates_imported", ["count": "\(count)"]))
            return AccountURL.exchangeRates
        } showAgain: { errors, status in
            try await render(request, errors: errors, status: status)
        }
    }

    private static func render(_ request: Request, errors: [String], status: HTTPStatus = .ok) async throws -> Response {
        let rows = try await ExchangeRates.latest(request.db).map { row in
            ExchangeRatesView.Row(day: Formatting.date(row.day, locale: request.locale), currency: row.currency,
                                  rate: ExchangeRate(millionths: row.rateMillionths)?.description ?? "")
        }
        let view = ExchangeRatesView(base: request.scanbookConfig.defaultCurrency, rows: rows, action: AccountURL.exchangeRates.path, errors: errors)
        return try await request.renderPage("Accounts/rates", title: "rates_title", content: view, status: status)
    }
}

struct ExchangeRatesView: Encodable {
    struct Row: Encodable {
        let day: String
        let currency: String
        let rate: String
    }

    let base: String
    let rows: [Row]
    let action: String
    let errors: [String]
}
