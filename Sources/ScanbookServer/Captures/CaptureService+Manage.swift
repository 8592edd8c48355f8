import Fluent
import FluentSQL
import Vapor

/// Naming, finding and deleting scans, shared by the pages and the API.
extension CaptureService {
    /// Longest search text: longer says nothing a scan title or line would match.
    static let maximumSearchLength = 100

    /// The user's scans, those whose title or recognized text contains `search` when one is given.
    /// `lower()` on both sides and an escaped pattern: LIKE differs between SQLite (ASCII
    /// case-insensitive) and PostgreSQL (case-sensitive), and `%`/`_` typed are meant literally.
    static func mine(matching search: String?, on context: ServiceContext) throws -> QueryBuilder<Capture> {
        let ownerID = try context.requireUser().requireID()
        let query = Capture.query(on: context.db).filter(\.$owner.$id == ownerID)
        guard let search = try checkedSearch(search) else { return query }
        let escaped = search.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let pattern = "%\(escaped)%"
        return query.filter(.sql(embed: """
            (lower(COALESCE(title, '')) LIKE \(bind: pattern) ESCAPE '\\' OR lower(COALESCE(recognized_text, '')) LIKE \(bind: pattern) ESCAPE '\\')
            """))
    }

    /// The search as typed, trimmed; nil for none. Too long (as sent) is a 400 that names the limit.
    static func checkedSearch(_ raw: String?) throws(UserFacingError) -> String? {
        let search = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !raw.exceedsDocumentedLength(maximumSearchLength) else {
            throw UserFacingError(.badRequest, "capture_searchTooLong", ["maximum": "\(maximumSearchLength)"])
        }
        return search.isEmpty ? nil : search
    }

    static func rename(_ capture: Capture, to title: String?, on context: ServiceContext) async throws {
        capture.title = try Capture.checkedTitle(title)
        capture.updatedAt = context.application.clock.now()
        try await capture.save(on: context.db)
    }

    /// A scan waiting for or in a worker is refused (409): its module's record (a receipt being
    /// read) waits for the result, and the worker would write into a deleted row. Done and failed
    /// are final states (the queue only claims queued or expired processing jobs), so the check
    /// cannot race a worker. The photo stays until the blob sweep finds nothing else naming it.
    static func delete(_ capture: Capture, on context: ServiceContext) async throws {
        guard !capture.status.isPending else { throw UserFacingError(.conflict, "capture_deletePending") }
        let captureID = try capture.requireID()
        try await context.db.writeTransaction { database in
            // Its derived images go with it (to the sweep); never while a worker might add one.
            let finished = try await Capture.query(on: database).filter(\.$id == captureID).filter(\.$status ~~ [.done, .failed]).count()
            guard finished == 1 else { return }
            try await CaptureDerivedBlob.query(on: database).filter(\.$capture.$id == captureID).delete()
            try await Capture.query(on: database).filter(\.$id == captureID).delete()
        }
    }
}
