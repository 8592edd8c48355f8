import Fluent
import Foundation
import ScanbookCore

/// The audit log's head, kept apart from its entries: the last entry's sequence and hash,
/// sealed with the audit key. One row (`name` "audit"). Deleting entries at the end, or
/// appending without the key, leaves it disagreeing with the entries.
final class AuditHead: Model, @unchecked Sendable {
    static let schema = "audit_heads"
    static let name = "audit"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "sequence") var sequence: Int
    @Field(key: "hash") var hash: String
    /// The first entry that carries a seal; entries before it were written before seals existed.
    @Field(key: "sealed_from") var sealedFrom: Int
    @Field(key: "mac") var mac: String

    init() {}

    init(head: AuditChain.Head, mac: String) {
        name = Self.name
        set(head, mac: mac)
    }

    var value: AuditChain.Head { AuditChain.Head(sequence: sequence, hash: hash, sealedFrom: sealedFrom) }

    func set(_ head: AuditChain.Head, mac: String) {
        (sequence, hash, sealedFrom) = (head.sequence, head.hash, head.sealedFrom)
        self.mac = mac
    }

    static func current(on database: any Database) async throws -> AuditHead? {
        try await query(on: database).filter(\.$name == name).first()
    }
}
