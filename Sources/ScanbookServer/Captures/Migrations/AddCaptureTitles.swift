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
                guard let text = row.result.flatMap(Self.recognizedText(inResult:)) else { continue }
                try await sql.raw("UPDATE captures SET recognized_text = \(bind: text) WHERE id = \(bind: row.id)").run()
            }
            after = last.id
        }
    }

    /// The plain text of a result stored before this migration: `ocr.text` (documents) or `lines`
    /// (receipts); nil for kinds that read no text. Results stored since report their text
    /// themselves (`CaptureOutcome`), so only this backfill knows the modules' result shapes.
    static func recognizedText(inResult json: String) -> String? {
        struct Probe: Decodable {
            struct OCR: Decodable { let text: String }
            let ocr: OCR?
            let lines: [String]?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: Data(json.utf8)) else { return nil }
        let text = probe.ocr?.text ?? probe.lines?.joined(separator: "\n")
        return text.flatMap { $0.isEmpty ? nil : $0 }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Capture.schema).deleteField("recognized_text").update()
        try await database.schema(Capture.schema).deleteField("title").update()
    }
}
