import Fluent
import Foundation

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

    func clear(_ scope: RateEvent.Scope, _ key: String) async throws {
        try await RateEvent.query(on: database).filter(\.$scope == scope).filter(\.$key == String(key.prefix(300))).delete()
    }

    /// Forgets events older than any limit looks back (the periodic sweep).
    func purge(before cutoff: Date) async throws {
        try await RateEvent.query(on: database).filter(\.$at < cutoff).delete()
    }
}
