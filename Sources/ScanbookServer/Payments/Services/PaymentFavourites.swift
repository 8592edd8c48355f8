import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// The ways to start a payment on the home page: a slip photo, each kind of entry and the
/// templates used. Pinned ones come first in the user's order, then the most used.
enum PaymentFavourites {
    static let scan = "scan"

    static func kindKey(_ kind: PaymentDraft.Kind) -> String { "kind:\(kind.rawValue)" }
    static func templateKey(_ id: UUID) -> String { "template:\(id.uuidString)" }

    /// One more use of `key`: one upsert, so two payments made at once never collide on the
    /// (owner, key) constraint and fail the payment with it.
    static func count(_ key: String, ownerID: UUID, on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.raw("""
            INSERT INTO \(ident: PaymentFavourite.schema) (id, owner_id, key, uses) VALUES (\(bind: UUID()), \(bind: ownerID), \(bind: key), 1)
            ON CONFLICT (owner_id, key) DO UPDATE SET uses = \(ident: PaymentFavourite.schema).uses + 1
            """).run()
    }

    struct Entry: Sendable {
        let key: String
        let uses: Int
        let pinned: Bool
        /// Set for a template's entry.
        let template: PaymentTemplate?
    }

    /// Every entry in the order the home page shows them.
    static func ordered(ownerID: UUID, on database: any Database) async throws -> [Entry] {
        let stored = try await PaymentFavourite.query(on: database).filter(\.$owner.$id == ownerID).all()
        let byKey = Dictionary(stored.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let templates = try await PaymentTemplate.query(on: database).filter(\.$owner.$id == ownerID).all()
        var candidates: [(key: String, template: PaymentTemplate?)] = [(scan, nil)] + PaymentDraft.Kind.allCases.map { (kindKey($0), nil) }
        for template in templates {
            guard let id = template.id else { continue }
            let favourite = byKey[templateKey(id)]
            // A template shows once used or pinned; the templates page lists them all.
            if (favourite?.uses ?? 0) > 0 || favourite?.pinnedPosition != nil { candidates.append((templateKey(id), template)) }
        }
        let entries = candidates.enumerated().map { index, candidate in
            (index, Entry(key: candidate.key, uses: byKey[candidate.key]?.uses ?? 0, pinned: byKey[candidate.key]?.pinnedPosition != nil, template: candidate.template),
             byKey[candidate.key]?.pinnedPosition)
        }
        return entries.sorted { left, right in
            switch (left.2, right.2) {
            case let (l?, r?): return l != r ? l < r : left.0 < right.0
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left.1.uses != right.1.uses ? left.1.uses > right.1.uses : left.0 < right.0
            }
        }.map(\.1)
    }

    enum Change: String, Sendable {
        case pin, unpin, up, down
    }

    /// Pins or unpins `key`, or moves it one place; moving pins it and everything above it in
    /// their shown order, so what the user arranged stays arranged.
    static func change(_ key: String, _ change: Change, on context: ServiceContext) async throws {
        let ownerID = try context.requireUser().requireID()
        try await context.db.writeTransaction { database in
            let entries = try await ordered(ownerID: ownerID, on: database)
            var order = entries.map(\.key)
            guard let index = order.firstIndex(of: key) else { throw Abort(.notFound) }
            var pinned = entries.filter(\.pinned).map(\.key)
            switch change {
            case .pin: if !pinned.contains(key) { pinned.append(key) }
            case .unpin: pinned.removeAll { $0 == key }
            case .up, .down:
                let target = change == .up ? index - 1 : index + 1
                guard order.indices.contains(target) else { return }
                order.swapAt(index, target)
                pinned = Array(order.prefix(max(index, target) + 1))
            }
            let stored = try await PaymentFavourite.query(on: database).filter(\.$owner.$id == ownerID).all()
            for favourite in stored where !pinned.contains(favourite.key) && favourite.pinnedPosition != nil {
                favourite.pinnedPosition = nil
                try await favourite.save(on: database)
            }
            for (position, pinnedKey) in pinned.enumerated() {
                let favourite = stored.first { $0.key == pinnedKey } ?? PaymentFavourite(ownerID: ownerID, key: pinnedKey)
                favourite.pinnedPosition = position
                try await favourite.save(on: database)
            }
        }
    }
}
