import Foundation

/// Swift Testing starts every test at once, and each app opens its own connection pool: on
/// PostgreSQL that ran past `max_connections` in CI ("too many clients already"). The gate lets
/// only as many apps live at a time as the server's connections allow; a test that starts a second
/// app inside its first (a restart, two instances) passes through, so the gate cannot deadlock.
actor PostgresTestGate {
    static let shared = PostgresTestGate(width: PostgresTestGate.width)

    /// Connections one test app may open: few, because tests send few requests at a time.
    static let connectionsPerLoop = 2

    /// About 200 connections for apps (CI's server allows 300; teardown, migration locks and a
    /// second instance take the rest), whatever the number of cores (one event loop each).
    static var width: Int {
        let perApp = ProcessInfo.processInfo.activeProcessorCount * connectionsPerLoop + 1
        return max(2, 200 / perApp)
    }

    @TaskLocal static var isHeld = false

    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { available = width }

    nonisolated func run<T>(_ body: () async throws -> T) async throws -> T {
        if Self.isHeld { return try await body() }
        await acquire()
        do {
            let result = try await Self.$isHeld.withValue(true) { try await body() }
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
