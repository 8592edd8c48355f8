import Crypto
import Fluent
import Foundation
import Vapor

/// Bearer tokens for the API: a random secret shown once to the user; only its SHA-256 is stored.
enum APITokenService {
    static let prefix = "sbk_"

    static func generateSecret() -> String {
        prefix + Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
    }

    static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Returns the stored record and the secret, which exists nowhere else after this call.
    static func create(for user: User, name: String, on database: any Database) async throws -> (APIToken, String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 100 else { throw UserFacingError(.unprocessableEntity, "token_nameInvalid") }
        let secret = generateSecret()
        let token = APIToken(userID: try user.requireID(), name: trimmed, tokenHash: digest(secret))
        try await token.create(on: database)
        return (token, secret)
    }
}

extension APIToken {
    /// The user's token with this id, or 404: another user's token looks exactly like a missing one.
    static func find(_ id: UUID?, ownedBy user: User, on database: any Database) async throws -> APIToken {
        guard let id, let token = try await APIToken.query(on: database)
            .filter(\.$id == id).filter(\.$user.$id == user.requireID()).first()
        else { throw Abort(.notFound) }
        return token
    }
}
