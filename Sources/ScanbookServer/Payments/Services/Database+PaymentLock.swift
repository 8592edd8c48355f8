import Fluent
import Foundation
import SQLKit

extension Database {
    /// Lines up one user's payment changes (execute, edit, delete, sign) inside their
    /// transactions. SQLite writes one transaction at a time already; PostgreSQL's READ COMMITTED
    /// would let two of them read the same pending payments, so a transaction-scoped advisory lock
    /// keyed by the owner serializes them there.
    func lockPayments(of ownerID: UUID) async throws {
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        let key = withUnsafeBytes(of: ownerID.uuid) { bytes in bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) } }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: key))").run()
    }
}
