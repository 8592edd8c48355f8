import Fluent
import Foundation

/// A statement entry already imported (camt.053/054), by its account and the bank's reference,
/// with what it did: the reason a second import of the same file changes nothing.
final class BankStatementEntry: Model, @unchecked Sendable {
    static let schema = "bank_statement_entries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "account") var account: String
    @Field(key: "reference") var reference: String
    /// `booked`, `returned`, `received`, `unmatched:<why>` or `notBooked`.
    @Field(key: "outcome") var outcome: String
    @Field(key: "imported_at") var importedAt: Date

    init() {}

    init(ownerID: UUID, account: String, reference: String, outcome: String, importedAt: Date) {
        $owner.id = ownerID
        self.account = account
        self.reference = reference
        self.outcome = outcome
        self.importedAt = importedAt
    }
}
