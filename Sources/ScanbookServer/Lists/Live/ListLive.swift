import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The sockets of open list pages on this instance, by list. A socket is accepted only for a member,
/// and every message it sends re-checks membership and the session; removing a member closes their
/// sockets at once, and so does signing out (or a password change, for the user's other sessions).
/// Every announcement and disconnection goes through the bus, so it reaches the sockets that other
/// instances hold as well.
final class ListLive: Sendable {
    private struct Connection {
        let user: UUID
        /// The hash of the signed-in session the socket was opened with.
        let session: String?
        let socket: WebSocket
    }

    let bus: any LiveBus<Message>
    private let connections = NIOLockedValueBox<[UUID: [ObjectIdentifier: Connection]]>([:])
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    init(bus: any LiveBus<Message>) {
        self.bus = bus
        bus.deliver { [weak self] message in self?.receive(message) }
    }

    func join(list: UUID, user: UUID, session: String?, socket: WebSocket) {
        // Serving instances hear the others from boot on; any other app from its first page.
        bus.start()
        connections.withLockedValue { $0[list, default: [:]][ObjectIdentifier(socket)] = Connection(user: user, session: session, socket: socket) }
        socket.onClose.whenComplete { [weak self] _ in self?.leave(list: list, socket: socket) }
    }

    func leave(list: UUID, socket: WebSocket) {
        connections.withLockedValue { $0[list]?[ObjectIdentifier(socket)] = nil }
    }

    /// How many sockets are open on a list on this instance (tests and benchmarks wait for them).
    func count(list: UUID) -> Int {
        connections.withLockedValue { $0[list]?.count ?? 0 }
    }

    /// Tells every open page of the list, on every instance.
    func announce(_ change: ListChange) {
        bus.publish(.change(change))
    }

    /// Closes a removed member's sockets on that list.
    func disconnect(user: UUID, from list: UUID) {
        bus.publish(.memberRemoved(user: user, list: list))
    }

    /// Closes the sockets opened by one session (it signed out).
    func disconnect(session: String) {
        bus.publish(.signedOut(session: session))
    }

    /// Closes a user's sockets of every session but `keeping` (their password changed).
    func disconnect(user: UUID, keeping session: String?) {
        bus.publish(.passwordChanged(user: user, keeping: session))
    }

    /// This instance stops serving: "going away" tells the pages to reconnect, to another instance.
    func closeEverySocket() {
        let sockets = connections.withLockedValue { $0.values.flatMap(\.values) }
        sockets.forEach { $0.socket.close(code: .goingAway, promise: nil) }
    }

    /// What the bus delivers, from this instance or another, acting on this instance's sockets.
    private func receive(_ message: Message) {
        switch message {
        case .change(let change): send(change)
        case .memberRemoved(let user, let list): close(on: list) { $0.user == user }
        case .signedOut(let session): close { $0.session == session }
        case .passwordChanged(let user, let keeping): close { $0.user == user && ($0.session == nil || $0.session != keeping) }
        }
    }

    /// Sends without waiting (a slow client slows no request and no other page).
    private func send(_ change: ListChange) {
        guard let text = try? String(decoding: encoder.encode(change), as: UTF8.self) else { return }
        let sockets = connections.withLockedValue { $0[change.list].map { Array($0.values) } ?? [] }
        for connection in sockets where !connection.socket.isClosed {
            connection.socket.send(text, promise: nil)
        }
        if change.change == .deleted { sockets.forEach { $0.socket.close(code: .goingAway, promise: nil) } }
    }

    private func close(on list: UUID? = nil, where matches: (Connection) -> Bool) {
        let sockets = connections.withLockedValue { connections in
            let lists = list.map { connections[$0].map { [$0] } ?? [] } ?? Array(connections.values)
            return lists.flatMap { $0.values.filter(matches) }
        }
        sockets.forEach { $0.socket.close(code: .policyViolation, promise: nil) }
    }
}

extension Application {
    private struct ListLiveKey: StorageKey { typealias Value = ListLive }

    /// Created once at configuration, like the capture workers.
    var listLive: ListLive {
        get { configured(ListLiveKey.self) }
        set { storage[ListLiveKey.self] = newValue }
    }
}

extension ServiceContext {
    /// Announces a change of `list` made by the signed-in user.
    func announce(_ kind: ListChange.Kind, on list: ShoppingList) {
        guard let listID = list.id, let userID = user?.id else { return }
        application.listLive.announce(ListChange(list: listID, change: kind, by: userID, at: now))
    }
}
