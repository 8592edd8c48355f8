import Foundation
import ScanbookServer
import Vapor

/// Issue 44: importing a bank statement of `entries` entries (camt.054, generated), on the
/// embedded database: the first import and the same file again.
enum StatementBench {
    static func run(entries: Int, into table: inout BenchTable) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-statement-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try await Application.make(Environment(name: "production", arguments: ["scanbook-bench"]))
        do {
            try await app.configureScanbook(AppConfig(dataDirectory: directory, database: .sqlite(path: AppConfig.defaultSQLitePath(in: directory)), logLevel: .error))
            try await app.migrateScanbook()
            let timed = try await app.timeStatementImport(entries: entries)
            let dataSet = "generated camt.054, \(entries) entries (\(timed.bytes / 1_000) kB), SQLite"
            table.add("Statement import, first time", String(format: "%.1f s (%.2f ms per entry)", seconds(timed.first), seconds(timed.first) * 1_000 / Double(entries)), dataSet: dataSet)
            table.add("Statement import, same file again", String(format: "%.1f s (changes nothing)", seconds(timed.again)), dataSet: dataSet)
            try await app.asyncShutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
