import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The user's total keywords as shown in settings: add one, remove one.
enum KeywordService {
    static let maximumPhraseLength = 40

    static func all(ownerID: UUID, on database: any Database) async throws -> [TotalKeyword] {
        try await TotalKeyword.query(on: database).filter(\.$owner.$id == ownerID).sort(\.$phrase).all()
    }

    static func add(_ raw: String, on context: ServiceContext) async throws -> TotalKeyword {
        let ownerID = try context.requireUser().requireID()
        let phrase = TotalKeywords.canonicalPhrase(raw)
        guard !phrase.isEmpty, phrase.count <= maximumPhraseLength else {
            throw UserFacingError(.unprocessableEntity, "receipts_keywordInvalid", ["maximum": String(maximumPhraseLength)])
        }
        guard try await TotalKeyword.query(on: context.db).filter(\.$owner.$id == ownerID).filter(\.$phrase == phrase).count() == 0 else {
            throw UserFacingError(.conflict, "receipts_keywordExists", ["phrase": phrase])
        }
        let keyword = TotalKeyword(ownerID: ownerID, phrase: phrase, weight: TotalKeywords.learnedWeight, learned: false)
        try await keyword.create(on: context.db)
        return keyword
    }

    /// The user's keyword, or 404 for anyone else's.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> TotalKeyword {
        try await TotalKeyword.find(id, ownedBy: context)
    }
}
