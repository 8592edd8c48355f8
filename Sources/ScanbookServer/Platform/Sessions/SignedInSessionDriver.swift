import Crypto
import Fluent
import Foundation
import Vapor

/// Stores sessions as `SignedInSession` rows. A session is kept only once someone has signed in:
/// data without a user is never written, and the cookie of such a session (or of one that ended)
/// is cleared. Reads check both time limits; the last use is written at most once a minute, and
/// the data only when it changed, so a page view costs no write.
struct SignedInSessionDriver: AsyncSessionDriver {
    static let cookieName = "scanbook-session"
    /// Where `SessionAuthenticatable` keeps the signed-in user's id.
    static let userKey = "_UserSession"
    /// Returned instead of an id for a session that is not stored; its cookie is cleared.
    static let notStored = SessionID(string: "")

    func createSession(_ data: SessionData, for request: Request) async throws -> SessionID {
        guard let userID = data[Self.userKey].flatMap(UUID.init(uuidString:)) else { return Self.notStored }
        let secret = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64URLEncodedString()
        let row = SignedInSession(tokenHash: Self.digest(secret), userID: userID, data: try Self.encode(data), now: request.now)
        try await row.create(on: request.db)
        request.storage[LoadedSession.self] = LoadedSession(data: data.snapshot, lastSeen: request.now)
        return SessionID(string: secret)
    }

    func readSession(_ sessionID: SessionID, for request: Request) async throws -> SessionData? {
        guard !sessionID.string.isEmpty, sessionID.string.utf8.count <= 128,
              let row = try await SignedInSession.query(on: request.db).filter(\.$tokenHash == Self.digest(sessionID.string)).first()
        else { return nil }
        let now = request.now
        let config = request.scanbookConfig
        guard now.timeIntervalSince(row.createdAt) < config.sessionMaximumAge,
              now.timeIntervalSince(row.lastSeenAt) < config.sessionIdleTimeout,
              let snapshot = try? JSONDecoder().decode([String: String].self, from: Data(row.data.utf8))
        else {
            try await row.delete(on: request.db)
            return nil
        }
        var lastSeen = row.lastSeenAt
        if now.timeIntervalSince(row.lastSeenAt) > 60 {
            row.lastSeenAt = now
            try await row.save(on: request.db)
            lastSeen = now
        }
        request.storage[LoadedSession.self] = LoadedSession(data: snapshot, lastSeen: lastSeen)
        return SessionData(initialData: snapshot)
    }

    func updateSession(_ sessionID: SessionID, to data: SessionData, for request: Request) async throws -> SessionID {
        guard data[Self.userKey] != nil else {
            try await deleteSession(sessionID, for: request)
            return Self.notStored
        }
        if request.storage[LoadedSession.self]?.data == data.snapshot { return sessionID }
        try await SignedInSession.query(on: request.db)
            .filter(\.$tokenHash == Self.digest(sessionID.string))
            .set(\.$data, to: try Self.encode(data))
            .update()
        return sessionID
    }

    func deleteSession(_ sessionID: SessionID, for request: Request) async throws {
        guard !sessionID.string.isEmpty else { return }
        try await SignedInSession.query(on: request.db).filter(\.$tokenHash == Self.digest(sessionID.string)).delete()
    }

    static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func encode(_ data: SessionData) throws -> String {
        String(decoding: try JSONEncoder().encode(data.snapshot), as: UTF8.self)
    }

    /// The data as read, to tell whether the response changed it.
    private struct LoadedSession: StorageKey {
        typealias Value = LoadedSession
        let data: [String: String]
        let lastSeen: Date
    }
}

extension Request {
    /// The hash under which the current signed-in session is stored, if there is one.
    var signedInSessionHash: String? {
        guard hasSession, let id = session.id, !id.string.isEmpty else { return nil }
        return SignedInSessionDriver.digest(id.string)
    }

    /// True when this request carries a signed-in session (not only a visitor's CSRF cookie).
    var hasSignedInSession: Bool {
        hasSession && session.data[SignedInSessionDriver.userKey] != nil
    }
}
