import Fluent
import Foundation
import SQLKit
import Vapor

/// Blobs as rows in the database itself, so every instance on one PostgreSQL sees every photo and
/// `pg_dump` backs up everything. A blob is one `blob_contents` row and its bytes in chunks of
/// `chunkSize` (`blob_chunks`): a write binds one chunk at a time and a read appends the chunks as
/// they stream in, so no photo is copied whole more than once. The row and its chunks are written
/// in one transaction: a crash leaves nothing half-written.
struct DatabaseBlobStore: BlobStore {
    static let contentsTable = "blob_contents"
    static let chunksTable = "blob_chunks"
    static let chunkSize = 1 << 20

    /// The app's pool, looked up per call (the store is created before the database is configured);
    /// nil once the application is gone.
    let pool: @Sendable () -> (any Database)?
    /// When a blob counts as stored: the app's clock, so tests can move it.
    let now: @Sendable () -> Date

    init(database: @escaping @Sendable () -> (any Database)?, now: @escaping @Sendable () -> Date) {
        pool = database
        self.now = now
    }

    private func database() throws -> any Database {
        guard let database = pool() else { throw BlobStoreError.io("the application has shut down") }
        return database
    }

    private func sql(_ database: any Database) throws -> any SQLDatabase {
        guard let sql = database as? any SQLDatabase else { throw BlobStoreError.io("the database store needs an SQL database") }
        return sql
    }

    func put(_ bytes: [UInt8]) async throws -> String {
        let hash = BlobHash.of(bytes)
        let storedAt = now()
        try await database().transaction { database in
            let sql = try sql(database)
            // Two uploads of the same bytes at once: the second waits on the primary key, then
            // finds the first one's row and writes no chunks.
            let inserted = try await sql.raw("""
                INSERT INTO \(ident: Self.contentsTable) (hash, byte_count, stored_at) VALUES (\(bind: hash), \(bind: bytes.count), \(bind: storedAt))
                ON CONFLICT (hash) DO NOTHING RETURNING hash
                """).first()
            guard inserted != nil else {
                // Re-stored bytes count as new for the sweep, as a re-stored file does.
                try await sql.raw("UPDATE \(ident: Self.contentsTable) SET stored_at = \(bind: storedAt) WHERE hash = \(bind: hash)").run()
                return
            }
            for (index, start) in stride(from: 0, to: max(bytes.count, 1), by: Self.chunkSize).enumerated() {
                let chunk = Data(bytes[start..<min(start + Self.chunkSize, bytes.count)])
                try await sql.raw("INSERT INTO \(ident: Self.chunksTable) (hash, number, bytes) VALUES (\(bind: hash), \(bind: index), \(bind: chunk))").run()
            }
        }
        return hash
    }

    func get(_ hash: String) async throws -> [UInt8] {
        guard BlobHash.isValid(hash) else { throw BlobStoreError.invalidHash(hash) }
        let sql = try sql(try database())
        struct Size: Decodable { let byte_count: Int }
        guard let size = try await sql.raw("SELECT byte_count FROM \(ident: Self.contentsTable) WHERE hash = \(bind: hash)").first(decoding: Size.self) else {
            throw BlobStoreError.missing(hash)
        }
        // The declared size bounds what is reserved; a damaged row cannot make us allocate more.
        let collected = ChunkCollector(capacity: min(max(size.byte_count, 0), 1 << 31))
        try await sql.raw("SELECT bytes FROM \(ident: Self.chunksTable) WHERE hash = \(bind: hash) ORDER BY number").run { row in
            if let chunk = try? row.decode(column: "bytes", as: Data.self) { collected.append(chunk) }
        }
        let bytes = collected.bytes
        guard bytes.count == size.byte_count else { throw BlobStoreError.missing(hash) }
        return bytes
    }

    func contains(_ hash: String) async throws -> Bool {
        guard BlobHash.isValid(hash) else { return false }
        return try await sql(try database()).raw("SELECT hash FROM \(ident: Self.contentsTable) WHERE hash = \(bind: hash)").first() != nil
    }

    func hashes(storedBefore date: Date) async throws -> [String] {
        struct Row: Decodable { let hash: String }
        return try await sql(try database()).raw("SELECT hash FROM \(ident: Self.contentsTable) WHERE stored_at < \(bind: date)")
            .all(decoding: Row.self).map(\.hash)
    }

    func remove(_ hash: String) async throws {
        guard BlobHash.isValid(hash) else { throw BlobStoreError.invalidHash(hash) }
        try await database().transaction { database in
            let sql = try sql(database)
            try await sql.raw("DELETE FROM \(ident: Self.chunksTable) WHERE hash = \(bind: hash)").run()
            try await sql.raw("DELETE FROM \(ident: Self.contentsTable) WHERE hash = \(bind: hash)").run()
        }
    }

    /// Writes are transactions: an interrupted one leaves nothing behind.
    func removeLeftovers(before date: Date) async throws -> Int { 0 }
}

/// Gathers streamed chunks; rows arrive one after another on one event loop.
private final class ChunkCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []

    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    func append(_ chunk: Data) {
        lock.withLock { storage.append(contentsOf: chunk) }
    }

    var bytes: [UInt8] { lock.withLock { storage } }
}
