import Fluent
import Foundation
import ScanbookCore

/// Counts `RateEvent`s: what the login throttle and the registration limit read and write.
struct RateLimiter {
    let database: any Database

    /// Times of the events under `key` since `start`, as seconds since 1970.
    func times(_ scope: RateEvent.Scope, _ key: String, since start: Date) async throws -> [Double] {
        try await RateEvent.query(on: database)
            .filter(\.$scope == scope).filter(\.$key == String(key.prefix(300))).filter(\.$at >= start)
            .all(\.$at).map(\.timeIntervalSince1970)
    }

    func record(_ scope: RateEvent.Scope, _ key: String, at time: Date) async throws {
        try await RateEvent(scope: scope, key: key, at: time).create(on: database)
    }

    /// Checks and records an attempt in one write transaction that holds a lock per name in
    /// `locks` (SQLite: the write lock; PostgreSQL: advisory locks, taken in a fixed order):
    /// parallel attempts are counted one after another, so exactly as many pass as `check`
    /// allows, where reading first and recording afterwards let a whole burst through. `check`
    /// reads the counts through the limiter it is given and throws to refuse; nothing is
    /// recorded then. Returns the recorded events' ids, to take back with `release` when the
    /// attempt turns out not to count (a right password).
    func reserve(
        _ events: [(RateEvent.Scope, String)], at time: Date, locks: [String],
        check: @escaping @Sendable (RateLimiter) async throws -> Void
    ) async throws -> [UUID] {
        try await database.writeTransaction { database in
            for name in Set(locks).sorted() { try await database.lockUntilCommit(Self.lockKey(name)) }
            try await check(RateLimiter(database: database))
            let rows = events.map { RateEvent(scope: $0.0, key: $0.1, at: time) }
            try await rows.create(on: database)
            return try rows.map { try $0.requireID() }
        }
    }

    /// A lock name's advisory lock number (FNV-1a, 64 bits): stable across instances.
    static func lockKey(_ name: String) -> Int64 {
        Int64(bitPattern: name.stableHash)
    }

    /// Takes back reserved attempts that turned out not to count.
    func release(_ ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await RateEvent.query(on: database).filter(\.$id ~~ ids).delete()
    }

    /// Times of the events whose key starts with `prefix` (a key's leading parts, such as a user).
    func times(_ scope: RateEvent.Scope, keyPrefix prefix: String, since start: Date) async throws -> [Double] {
        try await RateEvent.query(on: database)
            .filter(\.$scope == scope).filter(\.$key =~ String(prefix.prefix(300))).filter(\.$at >= start)
            .all(\.$at).map(\.timeIntervalSince1970)
    }

    /// The events themselves (key and time), for showing a person what was counted against them.
    func events(_ scope: RateEvent.Scope, keyPrefix prefix: String, since start: Date) async throws -> [RateEvent] {
        try await RateEvent.query(on: database)
            .filter(\.$scope == scope).filter(\.$key =~ String(prefix.prefix(300))).filter(\.$at >= start)
            .sort(\.$at).all()
    }

    func clear(_ scope: RateEvent.Scope, _ key: String) async throws {
        try await RateEvent.query(on: database).filter(\.$scope == scope).filter(\.$key == String(key.prefix(300))).delete()
    }

    /// Forgets events older than any limit looks back (the periodic sweep).
    func purge(before cutoff: Date) async throws {
        try await RateEvent.query(on: database).filter(\.$at < cutoff).delete()
    }
}
