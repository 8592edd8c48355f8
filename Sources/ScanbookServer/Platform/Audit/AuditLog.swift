import Crypto
import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Appends to the hash-chained, sealed audit log and verifies it. An entry is written in the same
/// transaction as the change it records, so neither lands without the other.
///
/// What it detects: a changed, removed or reordered entry (the hash chain); a chain recomputed
/// without the server's key (each entry's seal); the end cut off or entries appended without the
/// key (the sealed head, kept apart). What it cannot: someone holding both the key and the
/// database can rewrite everything and seal it again. With the key kept in the database (no
/// `SCANBOOK_SECRET_KEY`), a copy of the database holds the key too.
enum AuditLog {
    static let sha256: AuditChain.SHA256 = { Array(SHA256.hash(data: $0)) }
    /// Any fixed number: the PostgreSQL advisory lock that lines appenders up.
    static let appendLock: Int64 = 0x5CA_B00C

    struct Unsealable: Error, CustomStringConvertible {
        let description: String
    }

    /// Records `action` on `subject` by the signed-in user; `before`/`after` are the record's
    /// snapshots (nil when it did not exist before or does not after).
    static func record<Snapshot: Encodable>(
        _ action: String, subject: String, before: Snapshot?, after: Snapshot?, on database: any Database, context: ServiceContext
    ) async throws {
        let user = try context.requireUser()
        let seal = AuditSeal(box: try await context.application.secretBox())
        do {
            try await append(action, subject: subject, actorID: try user.requireID(), actor: user.email,
                             before: try before.map(json), after: try after.map(json), at: context.now, seal: seal, on: database)
        } catch let problem as Unsealable {
            // The change is refused with its entry: nothing money-related lands unlogged.
            context.logger.critical("audit log: \(problem.description)")
            throw UserFacingError(.serviceUnavailable, "audit_damaged")
        }
    }

    /// Appends after the head (not after whatever row is last: an end cut off stays a gap) and
    /// moves the head. A head whose seal does not verify stops the append: sealing past it would
    /// hide what was done to the log.
    static func append(_ action: String, subject: String, actorID: UUID?, actor: String, before: String?, after: String?, at: Date,
                       seal: AuditSeal, on database: any Database) async throws {
        try await database.writeTransaction { database in
            try await database.lockUntilCommit(appendLock)
            let head = try await sealedHead(seal: seal, on: database)
            let entry = AuditEntry(sequence: head.value.sequence + 1, actorID: actorID, actor: actor, action: action,
                                   subject: subject, before: before, after: after, at: timestamp(at))
            entry.hash = AuditChain.hash(of: entry.chainedText, after: head.value.hash, sha256: sha256)
            entry.mac = seal.seal(entry.hash)
            try await entry.create(on: database)
            var moved = head.value
            (moved.sequence, moved.hash) = (entry.sequence, entry.hash)
            head.set(moved, mac: seal.seal(moved.sealedText))
            try await head.save(on: database)
        }
    }

    /// The head, checked; made once for a log from before seals (its entries so far stay
    /// unsealed, `sealedFrom` says up to where). A log whose entries carry seals but has no head
    /// had it deleted: refused.
    private static func sealedHead(seal: AuditSeal, on database: any Database) async throws -> AuditHead {
        if let head = try await AuditHead.current(on: database) {
            guard seal.verifies(head.mac, for: head.value.sealedText) else {
                throw Unsealable(description: "the audit log's head does not carry this server's seal; run `scanbook audit verify`")
            }
            return head
        }
        guard try await AuditEntry.query(on: database).filter(\.$mac != nil).count() == 0 else {
            throw Unsealable(description: "the audit log's head is missing although its entries are sealed; run `scanbook audit verify`")
        }
        let last = try await AuditEntry.query(on: database).sort(\.$sequence, .descending).first()
        let value = AuditChain.Head(sequence: last?.sequence ?? 0, hash: last?.hash ?? AuditChain.genesis, sealedFrom: (last?.sequence ?? 0) + 1)
        let head = AuditHead(head: value, mac: seal.seal(value.sealedText))
        try await head.create(on: database)
        return head
    }

    /// Gives a log from before seals its head at start-up (after migrations), so `verify` can tell
    /// a cut end from the first moment. Does nothing when the head exists.
    static func sealIfNew(seal: AuditSeal, on database: any Database) async throws {
        try await database.writeTransaction { database in
            try await database.lockUntilCommit(appendLock)
            if try await AuditHead.current(on: database) == nil { _ = try await sealedHead(seal: seal, on: database) }
        }
    }

    struct Verification: Sendable {
        var entries = 0
        /// The first entry whose hash the chain does not give, whose sequence skips, or whose seal
        /// does not verify; or the head, when the end disagrees with it.
        var broken: (sequence: Int, reason: String)?
        /// Entries below this were written before seals: checked by their hashes only.
        var sealedFrom = 1
    }

    /// Walks the whole log in order, a page at a time, then compares its end with the head.
    static func verify(seal: AuditSeal, on database: any Database) async throws -> Verification {
        var result = Verification()
        let head = try await AuditHead.current(on: database)
        if let head, !seal.verifies(head.mac, for: head.value.sealedText) {
            result.broken = (head.sequence, "the head (entry \(head.sequence)) does not carry this server's seal: it was changed, or sealed with a key this server does not have")
            return result
        }
        result.sealedFrom = head?.sealedFrom ?? 1
        var previous = AuditChain.genesis
        var expectedSequence = 1
        var last: (sequence: Int, hash: String)?
        var anySealed = false
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
                if let mac = entry.mac {
                    anySealed = true
                    guard seal.verifies(mac, for: entry.hash) else {
                        result.broken = (entry.sequence, "entry \(entry.sequence)'s seal does not verify: the chain was recomputed without the server's key from here on")
                        return result
                    }
                } else if entry.sequence >= result.sealedFrom {
                    result.broken = (entry.sequence, "entry \(entry.sequence) carries no seal although entries from \(result.sealedFrom) on must")
                    return result
                }
                previous = entry.hash
                last = (entry.sequence, entry.hash)
                expectedSequence += 1
                result.entries += 1
            }
            if page.count < 1_000 { break }
        }
        guard let head else {
            if anySealed { result.broken = (result.entries, "the log's head is missing although its entries are sealed") }
            return result
        }
        switch AuditChain.end(last: last, head: head.value) {
        case .intact: break
        case .cut(let lastFound, let recorded):
            result.broken = (lastFound + 1, "the end was cut: entries \(lastFound + 1) to \(recorded) are gone (the head records \(recorded))")
        case .extended(let recorded, let lastFound):
            result.broken = (recorded + 1, "entries \(recorded + 1) to \(lastFound) were added after the head (\(recorded)) without the server's key")
        case .rewritten(let sequence):
            result.broken = (sequence, "entry \(sequence), the last, is not the one the head records")
        }
        return result
    }

    /// Seals the log again with `target` (the current key after `secrets rotate`), in the caller's
    /// transaction. Refused when the log does not verify with the keys it was sealed with:
    /// resealing would make a tampered log look intact.
    static func reseal(from seal: AuditSeal, to target: AuditSeal, on database: any Database) async throws -> Int {
        try await database.lockUntilCommit(appendLock)
        let verification = try await verify(seal: seal, on: database)
        if let broken = verification.broken {
            throw Unsealable(description: "the audit log is broken at entry \(broken.sequence) (\(broken.reason)); it is not resealed")
        }
        var resealed = 0
        var from = 1
        while true {
            let page = try await AuditEntry.query(on: database).filter(\.$sequence >= from).filter(\.$mac != nil).sort(\.$sequence).limit(1_000).all()
            for entry in page {
                entry.mac = target.seal(entry.hash)
                try await entry.save(on: database)
                resealed += 1
                from = entry.sequence + 1
            }
            if page.count < 1_000 { break }
        }
        if let head = try await AuditHead.current(on: database) {
            head.mac = target.seal(head.value.sealedText)
            try await head.save(on: database)
        }
        return resealed
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
