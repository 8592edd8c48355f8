import Fluent

/// A payment to a beneficiary on no whitelist waits for a second-factor signature; the digest of
/// what was signed voids the signature when those fields change.
struct AddPaymentSignature: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Payment.schema).field("signature_required", .bool, .required, .sql(.default(false))).update()
        try await database.schema(Payment.schema).field("signed_digest", .string).update()
        try await database.schema(Payment.schema).field("signed_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Payment.schema).deleteField("signature_required").deleteField("signed_digest").deleteField("signed_at").update()
    }
}
