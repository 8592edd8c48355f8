import Fluent
import Foundation
import SQLKit

/// Derived images of captures get a referencing row (they were named only in the JSON result, so
/// the blob sweep removed them an hour after processing); finished captures get theirs from the
/// stored result, where the blob still exists.
struct CreateCaptureDerivedBlobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(CaptureDerivedBlob.schema)
            .id()
            .field("capture_id", .uuid, .required, .references(Capture.schema, .id, onDelete: .cascade))
            .field("blob_id", .uuid, .required, .references(StoredBlob.schema, .id, onDelete: .cascade))
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "capture_derived_blobs_capture_idx").on(CaptureDerivedBlob.schema).column("capture_id").run()
        try await sql.create(index: "capture_derived_blobs_blob_idx").on(CaptureDerivedBlob.schema).column("blob_id").run()
        struct Row: Decodable { let id: UUID; let result: String? }
        var after: UUID?
        while true {
            let next: SQLQueryString = after.map { "AND id > \(bind: $0)" } ?? ""
            let rows = try await sql.raw("SELECT id, result FROM captures WHERE status = 'done' \(next) ORDER BY id LIMIT 100")
                .all(decoding: Row.self)
            guard let last = rows.last else { return }
            for row in rows {
                for blob in Capture.derivedBlobIDs(inResult: row.result ?? "") {
                    // Only images still stored: the sweep may already have taken older ones.
                    try await sql.raw("""
                        INSERT INTO \(ident: CaptureDerivedBlob.schema) (id, capture_id, blob_id)
                        SELECT \(bind: UUID()), \(bind: row.id), id FROM \(ident: StoredBlob.schema) WHERE id = \(bind: blob)
                        """).run()
                }
            }
            after = last.id
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CaptureDerivedBlob.schema).delete()
    }
}

extension Capture {
    /// The images a result names (`pageImage`, `enhancedImage`: documents and receipts).
    static func derivedBlobIDs(inResult result: String) -> [UUID] {
        struct Images: Decodable { let pageImage: UUID?; let enhancedImage: UUID? }
        guard let images = try? JSONDecoder().decode(Images.self, from: Data(result.utf8)) else { return [] }
        return [images.pageImage, images.enhancedImage].compactMap { $0 }
    }
}
