import FluentPostgresDriver
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Instances sharing one PostgreSQL database: `publish` sends `pg_notify` through the app's pool,
/// and every instance's `PostgresLiveListener` hears it. The sender delivers to itself at once
/// (quicker, and it still works while the database is briefly away) and skips its own
/// notification when it arrives, so each instance gets each message once.
final class PostgresLiveBus<Message: Codable & Sendable>: LiveBus {
    /// PostgreSQL refuses a payload of 8000 bytes or more; ours are a few hundred.
    static var payloadLimit: Int { 7999 }

    private struct Envelope: Codable {
        let from: UUID
        let message: Message
    }

    /// Tells this instance's notifications from the others' on the shared channel.
    let instance: UUID
    let listener: PostgresLiveListener
    private let handler: NIOLockedValueBox<(@Sendable (Message) -> Void)?>
    private let stopped = NIOLockedValueBox(false)
    private weak let app: Application?
    private let logger: Logger

    /// `heartbeat`: how often the listening connection is checked (tests check it often).
    init(app: Application, url: String, schema: String?, heartbeat: Duration = PostgresLiveListener.heartbeatInterval) throws {
        let instance = UUID(), handler = NIOLockedValueBox<(@Sendable (Message) -> Void)?>(nil), logger = app.logger
        self.instance = instance
        self.handler = handler
        self.app = app
        self.logger = logger
        listener = PostgresLiveListener(
            configuration: try SQLPostgresConfiguration(url: url).coreConfiguration,
            channel: PostgresLiveListener.channel(for: schema),
            eventLoopGroup: app.eventLoopGroup,
            logger: logger,
            heartbeat: heartbeat
        ) { payload in
            // Another version of Scanbook (a rolling update) may send what this one cannot read.
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(payload.utf8)) else {
                logger.debug("Live updates: skipped an unreadable message")
                return
            }
            if envelope.from != instance { handler.withLockedValue { $0 }?(envelope.message) }
        }
    }

    func publish(_ message: Message) {
        handler.withLockedValue { $0 }?(message)
        guard let data = try? JSONEncoder().encode(Envelope(from: instance, message: message)) else { return }
        guard data.count <= Self.payloadLimit else {
            logger.error("Live update of \(data.count) bytes is too long for NOTIFY; other instances miss it")
            return
        }
        guard let database = database() else { return }
        let payload = String(decoding: data, as: UTF8.self), channel = listener.channel, logger = logger
        // Requests announce without waiting: a slow or absent database delays no answer. Messages
        // may overtake each other: none depends on another (each asks pages to refetch, or closes).
        Task {
            do {
                try await database.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
            } catch {
                logger.warning("Live update not sent to other instances: \(String(reflecting: error))")
            }
        }
    }

    func deliver(to handler: @escaping @Sendable (Message) -> Void) {
        self.handler.withLockedValue { $0 = handler }
    }

    func start() {
        listener.start()
    }

    func stop() async {
        stopped.withLockedValue { $0 = true }
        await listener.stop()
    }

    /// A pool connection of the app's database; none once stopping (the app is shutting down:
    /// asking it then would set Fluent up again). Checked under the lock that `stop` takes, so
    /// the databases are never asked for after that.
    private func database() -> (any SQLDatabase)? {
        stopped.withLockedValue { stopped in
            guard !stopped, let app else { return nil }
            return app.databases.database(logger: app.logger, on: app.eventLoopGroup.any()) as? any SQLDatabase
        }
    }
}
