import Foundation
import OpenAPIRuntime

/// The CSV exports, as text: a month's receipt bookings, a meter's readings, a form's results.
extension Client {
    public func receiptsCSV(month: String? = nil) async throws -> String {
        switch try await getApiV1ReceiptsExport_csv(query: .init(month: month)) {
        case .ok(let ok): try await Self.text(ok.body.csv)
        case .badRequest(let error): throw ScanbookError.documented(400, error)
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }

    public func meterReadingsCSV(meterID: String) async throws -> String {
        switch try await getApiV1MetersMeterIDReadings_csv(path: .init(meterID: meterID)) {
        case .ok(let ok): try await Self.text(ok.body.csv)
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .notFound(let error): throw ScanbookError.documented(404, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }

    public func formResultsCSV(templateID: String) async throws -> String {
        switch try await getApiV1FormTemplatesTemplateIDResults_csv(path: .init(templateID: templateID)) {
        case .ok(let ok): try await Self.text(ok.body.csv)
        case .unauthorized(let error): throw ScanbookError.documented(401, error)
        case .notFound(let error): throw ScanbookError.documented(404, error)
        case .undocumented(let status, let payload): throw await ScanbookError.undocumented(status, payload)
        }
    }

    /// Exports are bounded by what one account holds; 64 MiB is far above any seen.
    static func text(_ body: HTTPBody) async throws -> String {
        try await String(collecting: body, upTo: 64 << 20)
    }
}
