import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Vapor

extension Application {
    func configureDatabase(_ database: AppConfig.Database, connectionsPerLoop: Int) throws {
        switch database {
        case .sqlite(let path):
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                withIntermediateDirectories: true
            )
            databases.use(.sqlite(.file(path), maxConnectionsPerEventLoop: 1), as: .sqlite)
        case .postgres(let url, let schema):
            var configuration = try SQLPostgresConfiguration(url: url)
            if let schema { configuration.searchPath = [schema] }
            // Waiting for a connection under load is better than failing: a request that still
            // finds none after 30 s is answered 503 (see `ScanbookErrorMiddleware`).
            databases.use(.postgres(configuration: configuration, maxConnectionsPerEventLoop: connectionsPerLoop, connectionPoolTimeout: .seconds(30)), as: .psql)
        }
    }

    /// SQLite: write-ahead logging lets readers proceed while a capture job writes, and foreign keys
    /// must be switched on per connection (the driver does that); WAL is a property of the file.
    /// PostgreSQL with a schema of its own (tests, benchmarks): the schema is created first.
    func prepareDatabase() async throws {
        guard let sql = db as? any SQLDatabase else { return }
        switch scanbookConfig.database {
        case .sqlite: try await sql.raw("PRAGMA journal_mode=WAL").run()
        case .postgres(_, let schema?): try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
        case .postgres(_, nil): break
        }
    }

    /// Drops the configured PostgreSQL schema with everything in it (benchmarks clean up with it).
    public func dropDatabaseSchema() async throws {
        guard case .postgres(_, let schema?) = scanbookConfig.database, let sql = db as? any SQLDatabase else { return }
        try await sql.raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
    }

    /// Runs pending migrations; `serve`, `worker` and `migrate` all call it. On PostgreSQL,
    /// instances started together (a rolling upgrade) take turns: the first migrates, the others
    /// wait on an advisory lock, held on a connection of its own, then find nothing left to do.
    public func migrateScanbook() async throws {
        try await migrateSchema()
        // A log from before seals gets its sealed head now, so a cut end shows from here on.
        try await AuditLog.sealIfNew(seal: AuditSeal(box: try await secretBox()), on: db)
    }

    private func migrateSchema() async throws {
        guard case .postgres(let url, _) = scanbookConfig.database else {
            try await prepareDatabase()
            try await autoMigrate()
            return
        }
        let connection = try await PostgresConnection.connect(
            on: eventLoopGroup.any(), configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, id: 0, logger: logger
        ).get()
        do {
            _ = try await connection.query("SELECT pg_advisory_lock(\(Self.migrationLock))", logger: logger)
            try await prepareDatabase()
            try await autoMigrate()
        } catch {
            try? await connection.close()
            throw error
        }
        // Closing the session releases the lock.
        try await connection.close()
    }

    /// Any fixed number: the advisory lock's name (it reads "scanbook").
    static let migrationLock: Int64 = 0x7363_616e_626f_6f6b
}
