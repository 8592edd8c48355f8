import Fluent
import Foundation
import SQLKit
import Vapor

/// The job queue on top of the `captures` table. Claiming is one atomic statement: PostgreSQL
/// skips rows other instances hold (`FOR UPDATE SKIP LOCKED`); SQLite has a single writer, and the
/// repeated condition in the outer WHERE guards the update itself.
struct CaptureQueue {
    let database: any SQLDatabase
    let lease: TimeInterval
    let maximumAttempts: Int

    /// A job this worker holds, with the lease token that proves it.
    struct Claim: Sendable {
        let id: UUID
        let ownerID: UUID
        let kind: CaptureKind
        let blobID: UUID
        let attempts: Int
        let leaseToken: UUID
    }

    private struct ClaimedRow: Decodable {
        let id: UUID
        let owner_id: UUID
        let kind: String
        let blob_id: UUID
        let attempts: Int
    }

    /// What a job that stopped its worker `maximumAttempts` times is failed with.
    static let exhaustedMessage = "The photo could not be processed: it stopped the recognition several times. Please try another photo."

    /// Fails the jobs that used up their attempts (see `claim`) and returns them, so their
    /// processors can mark their records.
    func failExhausted(now: Date) async throws -> [(capture: FinishedCapture, kind: CaptureKind)] {
        struct Row: Decodable { let id: UUID; let owner_id: UUID; let kind: String }
        return try await database.raw("""
            UPDATE captures SET status = 'failed', error = \(bind: Self.exhaustedMessage), lease_token = NULL,
                lease_expires_at = NULL, finished_at = \(bind: now), updated_at = \(bind: now)
            WHERE attempts >= \(bind: maximumAttempts) AND (status = 'queued' OR (status = 'processing' AND lease_expires_at < \(bind: now)))
            RETURNING id, owner_id, kind
            """).all(decoding: Row.self).map { (FinishedCapture(id: $0.id, ownerID: $0.owner_id), CaptureKind($0.kind)) }
    }

    /// Takes the oldest queued job, or one whose lease ran out (its worker died), if any. Attempts
    /// are counted here, when a job is claimed, so a job that kills its worker still uses one up;
    /// a job whose lease ran out on its last attempt is failed first, never claimed again. Call
    /// `failExhausted` first: a job past its attempts is never claimed.
    func claim(now: Date) async throws -> Claim? {
        let token = UUID()
        let lock: SQLQueryString = database.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
        let claimable: SQLQueryString = "(attempts < \(bind: maximumAttempts) AND (status = 'queued' OR (status = 'processing' AND lease_expires_at < \(bind: now))))"
        let query: SQLQueryString = """
            UPDATE captures SET status = 'processing', attempts = attempts + 1, lease_token = \(bind: token),
                lease_expires_at = \(bind: now.addingTimeInterval(lease)), updated_at = \(bind: now)
            WHERE id = (SELECT id FROM captures WHERE \(claimable) ORDER BY created_at LIMIT 1\(lock))
                AND \(claimable)
            RETURNING id, owner_id, kind, blob_id, attempts
            """
        guard let row = try await database.raw(query).first(decoding: ClaimedRow.self) else { return nil }
        return Claim(id: row.id, ownerID: row.owner_id, kind: CaptureKind(row.kind), blobID: row.blob_id, attempts: row.attempts, leaseToken: token)
    }

    /// Records the result; false when the lease was lost (another worker has taken the job over).
    func complete(_ claim: Claim, outcome: CaptureOutcome, now: Date) async throws -> Bool {
        let result = String(decoding: outcome.result, as: UTF8.self)
        let row = try await database.raw("""
            UPDATE captures SET status = 'done', result = \(bind: result), recognized_text = \(bind: outcome.recognizedText),
                error = NULL, lease_token = NULL,
                lease_expires_at = NULL, finished_at = \(bind: now), updated_at = \(bind: now)
            WHERE id = \(bind: claim.id) AND lease_token = \(bind: claim.leaseToken) AND status = 'processing'
            RETURNING id
            """).first()
        return row != nil
    }

    /// Pushes the lease forward while the job runs; false when it was lost.
    func renew(_ claim: Claim, now: Date) async throws -> Bool {
        let row = try await database.raw("""
            UPDATE captures SET lease_expires_at = \(bind: now.addingTimeInterval(lease)), updated_at = \(bind: now)
            WHERE id = \(bind: claim.id) AND lease_token = \(bind: claim.leaseToken) AND status = 'processing'
            RETURNING id
            """).first()
        return row != nil
    }

    /// Puts the job back in the queue with its error, or marks it failed after the last attempt
    /// (or at once when `permanent`: a problem with the photo that another try cannot fix).
    /// Returns true when the job failed for good (and this worker still held it).
    @discardableResult
    func fail(_ claim: Claim, error: String, permanent: Bool = false, now: Date) async throws -> Bool {
        let finalStatus = permanent || claim.attempts >= maximumAttempts ? Capture.Status.failed : .queued
        let finished: Date? = finalStatus == .failed ? now : nil
        let row = try await database.raw("""
            UPDATE captures SET status = \(bind: finalStatus.rawValue), error = \(bind: error), lease_token = NULL,
                lease_expires_at = NULL, finished_at = \(bind: finished), updated_at = \(bind: now)
            WHERE id = \(bind: claim.id) AND lease_token = \(bind: claim.leaseToken) AND status = 'processing'
            RETURNING id
            """).first()
        return row != nil && finalStatus == .failed
    }

    /// Gives a job back to the queue at once, its attempt not counted: the instance is shutting
    /// down, the photo did nothing wrong. False when the lease was already lost.
    func handBack(_ claim: Claim, now: Date) async throws -> Bool {
        let row = try await database.raw("""
            UPDATE captures SET status = 'queued', attempts = attempts - 1, lease_token = NULL,
                lease_expires_at = NULL, updated_at = \(bind: now)
            WHERE id = \(bind: claim.id) AND lease_token = \(bind: claim.leaseToken) AND status = 'processing'
            RETURNING id
            """).first()
        return row != nil
    }
}
