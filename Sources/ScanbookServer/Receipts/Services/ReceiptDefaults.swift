import Fluent
import ScanbookCore
import Vapor

/// What a user starts with in the receipts module: default categories in their language and the
/// default total keywords, seeded once (the profile row records that it happened).
enum ReceiptDefaults {
    static let categoryKeys = [
        "groceries", "restaurants", "household", "transport", "health", "clothing", "leisure", "other",
    ]

    /// The user's profile, creating it with the defaults on first use.
    @discardableResult
    static func ensureProfile(for ownerID: UUID, locale: String, localizer: Localizer, currency: String, on database: any Database) async throws -> ReceiptProfile {
        if let profile = try await ReceiptProfile.query(on: database).filter(\.$owner.$id == ownerID).first() {
            return profile
        }
        do {
            return try await database.writeTransaction { database in
                let profile = ReceiptProfile(ownerID: ownerID, currency: currency)
                try await profile.create(on: database)
                // One INSERT each for the categories and the keywords (some 40 rows): a registration
                // holds its connection only briefly, even when many arrive at once.
                try await categoryKeys.map { key in
                    ReceiptCategory(ownerID: ownerID, name: localizer.text("receipts_category_\(key)", locale: locale))
                }.create(on: database)
                try await TotalKeywords.defaultTotals.sorted(by: { $0.key < $1.key }).map { phrase, weight in
                    TotalKeyword(ownerID: ownerID, phrase: phrase, weight: weight, learned: false)
                }.create(on: database)
                return profile
            }
        } catch {
            // Two first requests at once: the other one seeded (the owner is unique).
            if let profile = try await ReceiptProfile.query(on: database).filter(\.$owner.$id == ownerID).first() { return profile }
            throw error
        }
    }

    /// Renames the default categories that still carry a default name (in any language) to their
    /// name in `locale`; a category the user renamed, or whose new name is taken, stays as it is.
    static func relabelCategories(of ownerID: UUID, to locale: String, localizer: Localizer, on database: any Database) async throws {
        let categories = try await ReceiptCategory.query(on: database).filter(\.$owner.$id == ownerID).all()
        var taken = Set(categories.map { $0.name.lowercased() })
        for key in categoryKeys {
            let names = Set(localizer.catalogues.keys.map { localizer.text("receipts_category_\(key)", locale: $0) })
            let wanted = localizer.text("receipts_category_\(key)", locale: locale)
            guard let category = categories.first(where: { names.contains($0.name) }), category.name != wanted,
                  !taken.contains(wanted.lowercased()) else { continue }
            taken.remove(category.name.lowercased())
            taken.insert(wanted.lowercased())
            category.name = wanted
            try await category.save(on: database)
        }
    }

    /// The user's keywords as the extractor uses them; the defaults if the user has none stored.
    static func keywords(of ownerID: UUID, on database: any Database) async throws -> TotalKeywords {
        let stored = try await TotalKeyword.query(on: database).filter(\.$owner.$id == ownerID).all()
        guard !stored.isEmpty else { return .standard }
        return TotalKeywords(totals: Dictionary(stored.map { ($0.phrase, $0.weight) }, uniquingKeysWith: max))
    }
}
