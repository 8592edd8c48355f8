import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// The one connection of this instance that LISTENs on the live channel and hands on each payload.
/// When it drops (the database restarted) it connects again after 0.2 s, doubling to 5 s, and
/// logs the outage once, and its end. A session ends when its connection closes, not when every
/// wait in it has returned: PostgresNIO never answers a query written just as the connection
/// closed, and a heartbeat caught so (tests end the connection while checking every 20 ms) kept
/// the instance deaf for good and its `stop` waiting.
final class PostgresLiveListener: Sendable {
    /// Names the listening connection in `pg_stat_activity`.
    static let applicationName = "scanbook-live"
    static let firstDelay: Duration = .milliseconds(200)
    static let longestDelay: Duration = .seconds(5)
    /// A connection that died without a word (a network split, no reset) would wait for
    /// notifications forever: a query every `heartbeat`, unanswered for `heartbeatTimeout`, ends
    /// the listen, and it reconnects.
    static let heartbeatInterval: Duration = .seconds(30)
    static let heartbeatTimeout: Duration = .seconds(10)

    private struct State {
        var task: Task<Void, Never>?
        var stopped = false
        var listening = false
        /// How many times LISTEN has succeeded (tests wait for a reconnection with it).
        var sessions = 0
        /// The listening connection's server process, as `pg_stat_activity` names it.
        var backend: Int32?
    }

    /// The listen ended without an error and without being cancelled: connect again all the same.
    private struct ListenEnded: Error {}

    let channel: String
    private let configuration: PostgresConnection.Configuration
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger
    private let heartbeat: Duration
    private let receive: @Sendable (String) -> Void
    private let state = NIOLockedValueBox(State())

    init(configuration: PostgresConnection.Configuration, channel: String, eventLoopGroup: any EventLoopGroup, logger: Logger, heartbeat: Duration = heartbeatInterval, receive: @escaping @Sendable (String) -> Void) {
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(("application_name", Self.applicationName))
        self.configuration = configuration
        self.channel = channel
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.heartbeat = heartbeat
        self.receive = receive
    }

    var isListening: Bool { state.withLockedValue { $0.listening } }
    var sessions: Int { state.withLockedValue { $0.sessions } }
    var backend: Int32? { state.withLockedValue { $0.backend } }

    func start() {
        state.withLockedValue { state in
            guard state.task == nil, !state.stopped else { return }
            state.task = Task { await self.run() }
        }
    }

    func stop() async {
        let task = state.withLockedValue { state in
            state.stopped = true
            return state.task
        }
        task?.cancel()
        await task?.value
    }

    private func run() async {
        var delay = Self.firstDelay
        var lostAt: ContinuousClock.Instant?
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            do {
                let connection = try await PostgresConnection.connect(on: eventLoopGroup.any(), configuration: configuration, id: attempt, logger: logger)
                let sessionsBefore = sessions, lost = lostAt
                var failure: (any Error)?
                do {
                    try await untilClosed(connection.closeFuture) { try await self.listen(on: connection, after: lost) }
                } catch {
                    failure = error
                }
                state.withLockedValue {
                    $0.listening = false
                    $0.backend = nil
                }
                if sessions > sessionsBefore {
                    lostAt = nil
                    delay = Self.firstDelay
                }
                try? await connection.close()
                if let failure { throw failure }
            } catch {
                if Task.isCancelled { break }
                if lostAt == nil {
                    lostAt = .now
                    logger.warning("Live updates from other instances: no listening connection, retrying: \(String(reflecting: error))")
                } else {
                    logger.debug("Live updates: still no connection: \(String(reflecting: error))")
                }
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, Self.longestDelay)
        }
    }

    /// One listening session on `connection`: until it fails, or is cancelled (stopping).
    private func listen(on connection: PostgresConnection, after lostAt: ContinuousClock.Instant?) async throws {
        // Asked before LISTEN, so that `pg_stat_activity` shows LISTEN as its query.
        let backend = try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int32.self).first { _ in true }
        try await connection.listen(on: channel) { notifications in
            listening(after: lostAt, backend: backend)
            try await consume(notifications, on: connection)
        }
    }

    private func listening(after lostAt: ContinuousClock.Instant?, backend: Int32?) {
        state.withLockedValue {
            $0.listening = true
            $0.sessions += 1
            $0.backend = backend
        }
        let process = backend.map { " (server process \($0))" } ?? ""
        if let lostAt {
            logger.notice("Live updates from other instances: listening again after \(ContinuousClock.now - lostAt)\(process)")
        } else {
            logger.info("Live updates from other instances: listening on channel \(channel)\(process)")
        }
    }

    /// Returns only when cancelled (stopping); throws when the connection fails.
    private func consume(_ notifications: PostgresNotificationSequence, on connection: PostgresConnection) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await notification in notifications { self.receive(notification.payload) }
            }
            group.addTask { try await self.keepChecking(connection) }
            try await group.next()
            group.cancelAll()
        }
        if !Task.isCancelled { throw ListenEnded() }
    }

    /// Throws when a check goes unanswered for `heartbeatTimeout`.
    private func keepChecking(_ connection: PostgresConnection) async throws {
        let logger = logger, timeout = Double(Self.heartbeatTimeout.components.seconds)
        while true {
            try await Task.sleep(for: heartbeat)
            try await withTimeLimit(timeout) {
                for try await _ in try await connection.query("SELECT 1", logger: logger) {}
            }
        }
    }
}

extension PostgresLiveListener {
    /// `scanbook_live`, or `scanbook_live_<schema>` for instances in a schema of their own (tests
    /// run side by side in one database, and NOTIFY reaches every session of it). A channel is an
    /// identifier of at most 63 bytes: a schema name that would not fit, or needs quoting, is
    /// replaced by its hash.
    static func channel(for schema: String?) -> String {
        guard let schema else { return "scanbook_live" }
        let plain = !schema.isEmpty && schema.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
        let name = "scanbook_live_\(schema)"
        if plain && name.utf8.count <= 63 { return name }
        let hash = SHA256.hash(data: Data(schema.utf8)).map { String(format: "%02x", $0) }.joined()
        return "scanbook_live_\(hash.prefix(40))"
    }
}
