import NIOConcurrencyHelpers

/// One instance alone (SQLite): a message goes straight to the handler, before `publish` returns.
final class LocalLiveBus<Message: Codable & Sendable>: LiveBus {
    private let handler = NIOLockedValueBox<(@Sendable (Message) -> Void)?>(nil)

    func publish(_ message: Message) {
        handler.withLockedValue { $0 }?(message)
    }

    func deliver(to handler: @escaping @Sendable (Message) -> Void) {
        self.handler.withLockedValue { $0 = handler }
    }
}
