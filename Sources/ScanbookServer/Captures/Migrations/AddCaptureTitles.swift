import Fluent
import Foundation
import SQLKit

/// Scans get a title of their own and the recognized text as a searchable column; finished scans
/// get their text from the stored result once.
struct AddCaptureTitles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema(Capture.schema).field("title", .string).update()
        try await database.schema(Capture.schema).field("recognized_text", .string).update()
        guard let sql = database as? any SQLDatabase else { return }
        struct Row: Decodable { let id: UUID; let result: String? }
        var after: UUID?
        while true {
            // Keyset pages of ids: results are large, so a few at a time.
            let next: SQLQueryString = after.map { "AND id > \(bind: $0)" } ?? ""
            let rows = try await sql.raw("SELECT id, result FROM captures WHERE status = 'done' \(next) ORDER BY id LIMIT 100")
                .all(decoding: Row.self)
            guard let last = rows.last else { return }
            for row in rows {
                guard let text = row.result.flatMap({ Capture.recognizedText(inResult: $0) }) else { continue }
                try await sql.raw("UPDATE captures SET recognized_text = \(bind: text) WHERE id = \(bind: row.id)").run()
            }
            after = last.id
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Capture.schema).deleteField("recognized_text").update()
        try await database.schema(Capture.schema).deleteField("title").update()
    }
}
