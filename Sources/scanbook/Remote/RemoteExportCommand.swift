import ArgumentParser
import Foundation
import ScanbookClient

struct RemoteExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a CSV export: a month's receipts, a meter's readings or a form's results."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable { case receipts, readings, results }

    @Argument(help: "receipts (with --month), readings (with --meter) or results (with --template).") var kind: Kind
    @Option(help: "The month of receipts, YYYY-MM (default: this month).") var month: String?
    @Option(help: "The meter's id, for readings.") var meter: String?
    @Option(help: "The form template's id, for results.") var template: String?
    @Option(help: "Write to this file instead of standard output.") var out: String?

    func validate() throws {
        switch kind {
        case .readings where meter == nil: throw ValidationError("readings needs --meter ID.")
        case .results where template == nil: throw ValidationError("results needs --template ID.")
        default: break
        }
    }

    func run() async throws {
        let client = try RemoteSettings.load().client()
        let csv = switch kind {
        case .receipts: try await client.receiptsCSV(month: month)
        case .readings: try await client.meterReadingsCSV(meterID: meter ?? "")
        case .results: try await client.formResultsCSV(templateID: template ?? "")
        }
        if let out {
            try Data(csv.utf8).write(to: URL(fileURLWithPath: out))
        } else {
            print(csv, terminator: "")
        }
    }
}
