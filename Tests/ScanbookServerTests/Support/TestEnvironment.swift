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
        try await gated { try await withUngatedApp(body) }
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
            app.clock = .awayFromMidnight
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

extension AppClock {
    /// The wall clock, set back three hours for a run that starts within two hours of midnight UTC,
    /// so a test that asks for "today" twice gets the same day (a CI run at 23:59 once got two, and
    /// a payment dated one day missed the file written for the next). Fixed once per run so every
    /// test agrees; `SCANBOOK_TEST_CLOCK_SHIFT_HOURS=-3` forces the shift to check the suite under
    /// it. Only ever backwards: photo files carry the real time, so a sweep "later" than `Date()` is
    /// later than the app's clock too. A test's own `MutableClock` starts from this clock's now.
    static let awayFromMidnight: AppClock = {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour ?? 12
        let forced = ProcessInfo.processInfo.environment["SCANBOOK_TEST_CLOCK_SHIFT_HOURS"].flatMap(Double.init)
        let shift = forced ?? ((2..<22).contains(hour) ? 0 : -3)
        return shift == 0 ? .system : AppClock(now: { Date().addingTimeInterval(shift * 3600) })
    }()
}
