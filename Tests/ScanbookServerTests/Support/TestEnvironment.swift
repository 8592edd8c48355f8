import Foundation
import Logging
import SQLKit
import Testing
import Vapor
@testable import ScanbookServer

/// One test's private world: a fresh data directory and, on PostgreSQL, a schema of its own, so
/// tests run in parallel without seeing each other. Several apps may be started on it in turn
/// (to test a restart).
struct TestEnvironment {
    let database: TestDatabase
    let dataDirectory: String
    let schema: String
    var config: AppConfig

    init(_ database: TestDatabase, configure: (inout AppConfig) -> Void = { _ in }) {
        self.database = database
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-test-\(id)").path
        schema = "test_\(id)"
        let databaseConfig: AppConfig.Database = switch database {
        case .sqlite: .sqlite(path: AppConfig.defaultSQLitePath(in: dataDirectory))
        case .postgres: .postgres(url: TestDatabase.postgresURL!, schema: schema)
        }
        config = AppConfig(
            dataDirectory: dataDirectory,
            database: databaseConfig,
            logLevel: Self.logLevel,
            bcryptCost: 4
        )
        // Tesseract unless a test asks for PP-OCR: the suites were written against it, and a
        // machine without `make models` still runs them.
        config.ocrEngine = .tesseract
        config.databaseConnectionsPerLoop = PostgresTestGate.connectionsPerLoop
        configure(&config)
    }

    static var logLevel: Logger.Level {
        ProcessInfo.processInfo.environment["TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
    }

    /// Starts a migrated app, runs `body`, shuts the app down.
    func withApp<T>(_ body: (Application) async throws -> T) async throws -> T {
        await Self.awayFromMidnight()
        return try await gated { try await withUngatedApp(body) }
    }

    /// Tests ask the clock for "today" more than once and compare it with what the database
    /// stamped; across midnight UTC they see two days (a CI run at 23:59 wrote a payment dated one
    /// day into a file for the next). So a test that would start in the last six minutes of a UTC
    /// day (a whole suite's tests overlap for about five) waits for the next one. Shifting the
    /// app's clock instead was tried: Fluent's timestamps keep the real time, and the two disagree.
    static func awayFromMidnight() async {
        let left = 86_400 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        if left < 360 { try? await Task.sleep(for: .seconds(left + 1)) }
    }

    /// On PostgreSQL, waits for a free place under `PostgresTestGate`.
    private func gated<T>(_ body: () async throws -> T) async throws -> T {
        guard case .postgres = database else { return try await body() }
        return try await PostgresTestGate.shared.run(body)
    }

    private func withUngatedApp<T>(_ body: (Application) async throws -> T) async throws -> T {
        let app = try await Application.make(.testing)
        do {
            try await app.configureScanbook(config)
            if case .postgres = database {
                try await (app.db as! any SQLDatabase).raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
            }
            try await app.migrateScanbook()
            let result = try await body(app)
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// Removes the data directory and the PostgreSQL schema.
    func tearDown() async throws {
        if case .postgres = database {
            try await gated { try await dropSchema() }
        }
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private func dropSchema() async throws {
        let app = try await Application.make(.testing)
        try await app.configureScanbook(config)
        try? await (app.db as! any SQLDatabase).raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
        try await app.asyncShutdown()
    }
}

/// The usual case: one app on a fresh environment.
func withScanbook(
    _ database: TestDatabase,
    configure: (inout AppConfig) -> Void = { _ in },
    _ body: (Application, TestEnvironment) async throws -> Void
) async throws {
    let environment = TestEnvironment(database, configure: configure)
    do {
        try await environment.withApp { app in try await body(app, environment) }
    } catch {
        try? await environment.tearDown()
        throw error
    }
    try await environment.tearDown()
}

/// `withScanbook` with Anna registered and signed in on the web, where most tests start.
func withAnna(
    _ database: TestDatabase,
    configure: (inout AppConfig) -> Void = { _ in },
    _ body: (Application, WebSession) async throws -> Void
) async throws {
    try await withScanbook(database, configure: configure) { app, _ in
        let anna = WebSession(app)
        try await anna.register(email: "anna@example.org")
        try await body(app, anna)
    }
}
