import Foundation
import Vapor

/// A one-time message shown on the next page (the seed's "toasts"), kept in the session across the
/// redirect that usually follows a form.
struct FlashMessage: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable { case success, error }
    let kind: Kind
    let text: String
}

extension Request {
    private static let flashKey = "flash"

    func flash(_ kind: FlashMessage.Kind, _ text: String) {
        var messages = peekFlash()
        messages.append(FlashMessage(kind: kind, text: text))
        session.data[Self.flashKey] = String(decoding: try! JSONEncoder().encode(messages), as: UTF8.self)
    }

    /// Returns the pending messages and forgets them.
    func takeFlash() -> [FlashMessage] {
        let messages = peekFlash()
        if !messages.isEmpty { session.data[Self.flashKey] = nil }
        return messages
    }

    private func peekFlash() -> [FlashMessage] {
        guard hasSession, let stored = session.data[Self.flashKey] else { return [] }
        return (try? JSONDecoder().decode([FlashMessage].self, from: Data(stored.utf8))) ?? []
    }
}
