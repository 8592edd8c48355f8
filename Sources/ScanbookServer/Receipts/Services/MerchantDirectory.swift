import Fluent
import ScanbookCore
import SQLKit
import Vapor

/// A user's merchants: a name read or typed is matched against the spellings the user corrected
/// and the known merchants before a new merchant is created.
enum MerchantDirectory {
    static let maximumNameLength = 120

    static func resolve(_ name: String, ownerID: UUID, on database: any Database) async throws -> Merchant? {
        let cleaned = String(name.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumNameLength))
        guard !cleaned.isEmpty else { return nil }
        let key = MerchantGuess.normalizedKey(cleaned)
        if !key.isEmpty, let corrected = try await MerchantSpelling.query(on: database)
            .filter(\.$owner.$id == ownerID).filter(\.$spelling == key).with(\.$merchant).first() {
            return corrected.merchant
        }
        let known = try await Merchant.query(on: database).filter(\.$owner.$id == ownerID).all()
        if let exact = known.first(where: { $0.name == cleaned }) { return exact }
        if let match = MerchantMatcher().closest(to: cleaned, among: known.map(\.name)),
           let merchant = known.first(where: { $0.name == match }) {
            return merchant
        }
        guard let sql = database as? any SQLDatabase else {
            let merchant = Merchant(ownerID: ownerID, name: cleaned)
            try await merchant.create(on: database)
            return merchant
        }
        // Two receipts from a new shop saved at once: the unique (owner, name) index keeps one
        // merchant and the other request reads it.
        try await sql.insert(into: Merchant.schema)
            .columns("id", "owner_id", "name", "created_at")
            .values(SQLBind(UUID()), SQLBind(ownerID), SQLBind(cleaned), SQLBind(Date()))
            .ignoringConflicts(with: ["owner_id", "name"])
            .run()
        return try await Merchant.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$name == cleaned).first()
    }

    /// The user chose `merchantID` for a receipt OCR read as `read`: that spelling goes there from
    /// now on (a later correction of the same spelling replaces this one).
    static func remember(_ read: String, for merchantID: UUID, ownerID: UUID, on database: any Database) async throws {
        let key = MerchantGuess.normalizedKey(String(read.prefix(maximumNameLength)))
        guard !key.isEmpty else { return }
        try await MerchantSpelling.query(on: database).filter(\.$owner.$id == ownerID).filter(\.$spelling == key).delete()
        try await MerchantSpelling(ownerID: ownerID, spelling: key, merchantID: merchantID).create(on: database)
    }
}
