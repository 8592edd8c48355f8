import Fluent
import Foundation
import SQLKit
import Vapor

extension Application {
    /// A blob younger than this is never swept: its upload may still be on the way to the row that
    /// will refer to it.
    static let blobSweepGrace: TimeInterval = 3_600

    struct BlobSweep: Sendable, Equatable {
        var rowsRemoved = 0
        var filesRemoved = 0
    }

    /// Removes blob rows that no declared column (`blobReferences`) names any more, then the stored
    /// files that no row names, then temporary files a crash left. Each row is removed by one
    /// statement that checks every reference itself, so a reference written meanwhile keeps it.
    func sweepBlobs(now: Date) async throws -> BlobSweep {
        var sweep = BlobSweep()
        let cutoff = now.addingTimeInterval(-Self.blobSweepGrace)
        let unreferenced = blobReferences.map { reference in
            "NOT EXISTS (SELECT 1 FROM \"\(reference.table)\" r WHERE r.\"\(reference.column)\" = \"\(StoredBlob.schema)\".id)"
        }.joined(separator: " AND ")
        struct Removed: Decodable { let id: UUID }
        sweep.rowsRemoved = try await db.writeTransaction { database in
            guard let sql = database as? any SQLDatabase else { return 0 }
            return try await sql.raw("DELETE FROM \(ident: StoredBlob.schema) WHERE created_at < \(bind: cutoff) AND \(unsafeRaw: unreferenced) RETURNING id")
                .all(decoding: Removed.self).count
        }
        let store = blobStore
        let candidates = try await store.hashes(storedBefore: cutoff)
        for batch in stride(from: 0, to: candidates.count, by: 500).map({ Array(candidates[$0..<min($0 + 500, candidates.count)]) }) {
            let kept = Set(try await StoredBlob.query(on: db).filter(\.$hash ~~ batch).all().map(\.hash))
            let orphans = batch.filter { !kept.contains($0) }
            sweep.filesRemoved += orphans.count
            for hash in orphans { try await store.remove(hash) }
        }
        sweep.filesRemoved += try await store.removeLeftovers(before: cutoff)
        return sweep
    }
}
