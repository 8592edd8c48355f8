import Foundation
import Vapor

/// What `scanbook audit verify` reports.
public struct AuditVerificationSummary: Sendable {
    public let entries: Int
    /// The first broken link: its sequence number and why, nil when the chain is intact.
    public let brokenAt: Int?
    public let reason: String?
    /// Entries below this were written before seals existed: checked by their hashes only.
    public let sealedFrom: Int
}

extension Application {
    public func verifyAuditLog() async throws -> AuditVerificationSummary {
        let result = try await AuditLog.verify(seal: AuditSeal(box: try await secretBox()), on: db)
        return AuditVerificationSummary(entries: result.entries, brokenAt: result.broken?.sequence, reason: result.broken?.reason, sealedFrom: result.sealedFrom)
    }
}
