import Fluent
import Foundation

extension Database {
    /// Lines up one user's payment changes (execute, edit, delete, sign, whitelist additions)
    /// inside their transactions, keyed by the owner.
    func lockPayments(of ownerID: UUID) async throws {
        try await lockUntilCommit(ownerID)
    }
}
