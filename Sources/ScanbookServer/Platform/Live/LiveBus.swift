/// Tells every instance serving one database what happened on any of them (a list changed, a
/// session ended), so each can act on the connections it holds itself. SQLite has one instance
/// (`LocalLiveBus`); PostgreSQL carries messages between instances (`PostgresLiveBus`).
///
/// Delivery is best effort: a message lost while the database is unreachable costs an open page
/// its refresh, never data, and sockets re-check membership and session on every message they send.
protocol LiveBus<Message>: Sendable {
    associatedtype Message: Codable & Sendable

    /// Hands `message` to this instance's handler at once, and to every other instance's as soon
    /// as the database carries it; each instance receives it once. Never waits, never throws.
    func publish(_ message: Message)

    /// Where messages arrive, this instance's own included; set once, before the first publish.
    func deliver(to handler: @escaping @Sendable (Message) -> Void)

    /// Starts hearing the other instances; calling it again does nothing.
    func start()

    /// Stops hearing them and lets go of the connection; later messages stay on this instance.
    func stop() async
}

extension LiveBus {
    func start() {}
    func stop() async {}
}
