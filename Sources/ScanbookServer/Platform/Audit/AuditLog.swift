import Crypto
import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Appends to the hash-chained audit log and verifies it. An entry is written in the same
/// transaction as the change it records, so neither lands without the other.
enum AuditLog {
    static let sha256: AuditChain.SHA256 = { Array(SHA256.hash(data: $0)) }
    /// Any fixed number: the PostgreSQL advisory lock that lines appenders up.
    private static let appendLock: Int64 = 0x5CA_B00C

    /// Records `action` on `subject` by the signed-in user; `before`/`after` are the record's
    /// snapshots (nil when it did not exist before or does not after).
    static func record<Snapshot: Encodable>(
        _ action: String, subject: String, before: Snapshot?, after: Snapshot?, on database: any Database, request: Request
    ) async throws {
        let user = try request.auth.require(User.self)
        try await append(action, subject: subject, actorID: try user.requireID(), actor: user.email,
                         before: try before.map(json), after: try after.map(json), at: request.now, on: database)
    }

    static func append(_ action: String, subject: String, actorID: UUID?, actor: String, before: String?, after: String?, at: Date, on database: any Database) async throws {
        try await database.writeTransaction { database in
            try await database.lockUntilCommit(appendLock)
            let last = try await AuditEntry.query(on: database).sort(\.$sequence, .descending).first()
            let entry = AuditEntry(sequence: (last?.sequence ?? 0) + 1, actorID: actorID, actor: actor, action: action,
                                   subject: subject, before: before, after: after, at: timestamp(at))
            entry.hash = AuditChain.hash(of: entry.chainedText, after: last?.hash ?? AuditChain.genesis, sha256: sha256)
            try await entry.create(on: database)
        }
    }

    struct Verification: Sendable {
        var entries = 0
        /// The first entry whose hash the chain does not give, or whose sequence skips.
        var broken: (sequence: Int, reason: String)?
    }

    /// Walks the whole log in order, a page at a time.
    static func verify(on database: any Database) async throws -> Verification {
        var result = Verification()
        var previous = AuditChain.genesis
        var expectedSequence = 1
        while true {
            let page = try await AuditEntry.query(on: database).filter(\.$sequence >= expectedSequence)
                .sort(\.$sequence).limit(1_000).all()
            for entry in page {
                guard entry.sequence == expectedSequence else {
                    result.broken = (expectedSequence, "entry \(expectedSequence) is missing (the next is \(entry.sequence))")
                    return result
                }
                let expected = AuditChain.hash(of: entry.chainedText, after: previous, sha256: sha256)
                guard expected == entry.hash else {
                    result.broken = (entry.sequence, "entry \(entry.sequence) (\(entry.action) by \(entry.actor) at \(entry.at)) was changed, or one before it: its hash is \(entry.hash), the chain gives \(expected)")
                    return result
                }
                previous = entry.hash
                expectedSequence += 1
                result.entries += 1
            }
            if page.count < 1_000 { return result }
        }
    }

    private static func json<Snapshot: Encodable>(_ value: Snapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
