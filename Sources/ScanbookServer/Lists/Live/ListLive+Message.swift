import Foundation

extension ListLive {
    /// What one instance tells all (itself included) over the live bus. Sessions travel as the hash
    /// the sessions table keeps, never as the cookie's token.
    enum Message: Codable, Sendable, Equatable {
        /// Tell the list's open pages.
        case change(ListChange)
        /// Close the member's sockets on that list (1008: the page reloads and finds it gone).
        case memberRemoved(user: UUID, list: UUID)
        /// Close the sockets opened with this session.
        case signedOut(session: String)
        /// Close the user's sockets of every other session.
        case passwordChanged(user: UUID, keeping: String?)
    }
}
