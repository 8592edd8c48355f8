import Fluent
import SQLKit
import Vapor

extension Database {
    /// A transaction that writes. On PostgreSQL it is Fluent's transaction. On SQLite, Fluent's
    /// `BEGIN` is deferred: a transaction that reads first and then writes fails at once with
    /// "database is locked" when another connection wrote in between, and no busy timeout helps.
    /// Here it starts with `BEGIN IMMEDIATE` (the write lock is taken first, waiting for it), and
    /// this process's write transactions queue for their turn instead of spinning on the lock.
    /// Nested calls join the transaction they run in.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if let current = WriteTransaction.current { return try await body(current.database) }
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction { database in
                try await WriteTransaction.$current.withValue(WriteTransaction(database: database)) { try await body(database) }
            }
        }
        return try await SQLiteWriteGate.shared.withTurn {
            try await self.withConnection { connection in
                guard let sql = connection as? any SQLDatabase else { return try await body(connection) }
                try await sql.raw("BEGIN IMMEDIATE").run()
                do {
                    let result = try await WriteTransaction.$current.withValue(WriteTransaction(database: connection)) {
                        try await body(connection)
                    }
                    try await sql.raw("COMMIT").run()
                    return result
                } catch {
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
            }
        }
    }
}

extension Database {
    /// Inside a write transaction: waits for, then holds until commit, the lock named `key`.
    /// PostgreSQL's READ COMMITTED lets two transactions read the same rows before either writes;
    /// a transaction-scoped advisory lock lines them up. SQLite's write transactions run one at a
    /// time already, so there it does nothing.
    /// The same, keyed by a record's id (its first eight bytes).
    func lockUntilCommit(_ id: UUID) async throws {
        try await lockUntilCommit(withUnsafeBytes(of: id.uuid) { bytes in bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) } })
    }

    func lockUntilCommit(_ key: Int64) async throws {
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: key))").run()
    }
}

/// The transaction a task is running in, so a nested `writeTransaction` joins it instead of
/// beginning a second one on another connection (SQLite) or waiting for its own turn.
private struct WriteTransaction: Sendable {
    let database: any Database
    @TaskLocal static var current: WriteTransaction?
}

/// One SQLite write transaction at a time in this process; the others wait without holding a
/// connection or a thread. (Several processes on one SQLite file are not supported: that is what
/// PostgreSQL is for.)
actor SQLiteWriteGate {
    static let shared = SQLiteWriteGate()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func withTurn<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
