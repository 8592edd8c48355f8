import Fluent
import Foundation
import ScanbookCore

/// One appended action: who did what to which record when, the record before and after (JSON),
/// and the hash that chains it to the entry before. Rows are never updated or deleted.
final class AuditEntry: Model, @unchecked Sendable {
    static let schema = "audit_entries"

    @ID(key: .id) var id: UUID?
    /// 1, 2, 3, … with no gaps: the chain's order.
    @Field(key: "sequence") var sequence: Int
    /// Kept without a foreign key: the log outlives a deleted account.
    @OptionalField(key: "actor_id") var actorID: UUID?
    @Field(key: "actor") var actor: String
    @Field(key: "action") var action: String
    @Field(key: "subject") var subject: String
    @OptionalField(key: "before") var before: String?
    @OptionalField(key: "after") var after: String?
    /// ISO 8601 with milliseconds, as text: what is hashed must read back exactly as written.
    @Field(key: "at") var at: String
    @Field(key: "hash") var hash: String
    /// "<key id>:<hex>": HMAC-SHA256 of `hash` with the audit key (`AuditSeal`); nil on entries
    /// written before seals (below the head's `sealedFrom`).
    @OptionalField(key: "mac") var mac: String?

    init() {}

    init(sequence: Int, actorID: UUID?, actor: String, action: String, subject: String, before: String?, after: String?, at: String) {
        self.sequence = sequence
        self.actorID = actorID
        self.actor = actor
        self.action = action
        self.subject = subject
        self.before = before
        self.after = after
        self.at = at
        self.hash = ""
    }

    /// The text the chain hashes.
    var chainedText: String {
        AuditChain.entryText([String(sequence), at, actorID?.uuidString ?? "", actor, action, subject, before ?? "", after ?? ""])
    }
}
