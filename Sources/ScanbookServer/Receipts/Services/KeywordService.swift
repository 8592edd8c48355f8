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

    static func add(_ raw: String, on request: Request) async throws -> TotalKeyword {
        let ownerID = try request.auth.require(User.self).requireID()
        let phrase = TotalKeywords.canonicalPhrase(raw)
        guard !phrase.isEmpty, phrase.count <= maximumPhraseLength else {
            throw UserFacingError(.unprocessableEntity, "receipts_keywordInvalid", ["maximum": String(maximumPhraseLength)])
        }
        guard try await TotalKeyword.query(on: request.db).filter(\.$owner.$id == ownerID).filter(\.$phrase == phrase).count() == 0 else {
            throw UserFacingError(.conflict, "receipts_keywordExists", ["phrase": phrase])
        }
        let keyword = TotalKeyword(ownerID: ownerID, phrase: phrase, weight: TotalKeywords.learnedWeight, learned: false)
        try await keyword.create(on: request.db)
        return keyword
    }

    /// The user's keyword, or 404 for anyone else's.
    static func find(_ id: UUID?, on request: Request) async throws -> TotalKeyword {
        try await TotalKeyword.find(id, ownedBy: request)
    }
}
