import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Testing
import Vapor
@testable import ScanbookServer

/// The buses on their own, with plain strings for messages.
@Suite struct LiveBusTests {
    @Test func theLocalBusDeliversBeforePublishReturns() {
        let bus = LocalLiveBus<String>(), heard = Heard()
        bus.deliver(to: heard.record)
        bus.publish("items")
        #expect(heard.messages == ["items"])
    }

    @Test func channelsNameTheSchemaAndFitPostgreSQL() {
        #expect(PostgresLiveListener.channel(for: nil) == "scanbook_live")
        #expect(PostgresLiveListener.channel(for: "test_0a1b") == "scanbook_live_test_0a1b")
        let quoted = PostgresLiveListener.channel(for: "Tenant \"A\""), long = PostgresLiveListener.channel(for: String(repeating: "x", count: 60))
        for name in [quoted, long] {
            #expect(name.utf8.count <= 63 && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }, "\(name)")
        }
        #expect(quoted != long && quoted != PostgresLiveListener.channel(for: "Tenant \"B\""))
    }

    @Test(.enabled(if: TestDatabase.postgresURL != nil))
    func instancesHearEachOtherOnceAndAgainAfterTheirConnectionIsCut() async throws {
        try await withScanbook(.postgres) { app, environment in
            guard case .postgres(let url, let schema) = environment.config.database else { return }
            // Two instances on one schema, and one on another schema that must hear neither. B checks
            // its connection all the time: the checks must not disturb listening.
            let a = try PostgresLiveBus<String>(app: app, url: url, schema: schema)
            let b = try PostgresLiveBus<String>(app: app, url: url, schema: schema, heartbeat: .milliseconds(20))
            let stranger = try PostgresLiveBus<String>(app: app, url: url, schema: (schema ?? "") + "_other")
            let heardA = Heard(), heardB = Heard(), heardByStranger = Heard()
            a.deliver(to: heardA.record)
            b.deliver(to: heardB.record)
            stranger.deliver(to: heardByStranger.record)
            let buses = [a, b, stranger]
            buses.forEach { $0.start() }
            do {
                try await waitUntil { buses.allSatisfy(\.listener.isListening) }
                a.publish("1")
                #expect(heardA.messages == ["1"], "the sender has it at once")
                try await waitUntil { heardB.messages == ["1"] }
                // Notifications arrive in the order they were sent: once A hears B's, it has had
                // its own back, and ignored it.
                b.publish("2")
                try await waitUntil { heardA.messages.count == 2 }
                #expect(heardA.messages == ["1", "2"] && heardB.messages == ["1", "2"])

                // The database ends the listening connections, as a restart does: they come back.
                let sql = try #require(app.db as? any SQLDatabase)
                let backends = [a.listener.backend, b.listener.backend].compactMap { $0 }
                #expect(backends.count == 2)
                try await Task.sleep(for: .milliseconds(100))
                let checked = try await sql.raw("SELECT query FROM pg_stat_activity WHERE pid = \(bind: backends.last)").first(decodingColumn: "query", as: String.self)
                #expect(checked == "SELECT 1" && a.listener.sessions == 1 && b.listener.sessions == 1, "B checked its connection, and both kept theirs")
                for backend in backends {
                    try await sql.raw("SELECT pg_terminate_backend(\(bind: backend)) FROM pg_stat_activity WHERE pid = \(bind: backend) AND application_name = \(bind: PostgresLiveListener.applicationName)").run()
                }
                // Back after the listeners' backoff (0.2 s, doubling up to 5 s) and a new connection,
                // with room for a machine busy with the whole suite. B, checking its connection
                // every 20 ms, once never came back: its check was written as the connection closed.
                try await waitUntil(seconds: 30) { a.listener.sessions == 2 && b.listener.sessions == 2 }
                a.publish("3")
                try await waitUntil { heardB.messages.count == 3 }
                #expect(heardB.messages == ["1", "2", "3"] && heardA.messages == ["1", "2", "3"])
                #expect(heardByStranger.messages.isEmpty)
            } catch {
                for bus in buses { await bus.stop() }
                throw error
            }
            for bus in buses { await bus.stop() }
            #expect(!a.listener.isListening)
        }
    }
}

/// What a bus delivered, in order.
final class Heard: Sendable {
    private let box = NIOLockedValueBox<[String]>([])
    var messages: [String] { box.withLockedValue { $0 } }
    @Sendable func record(_ message: String) { box.withLockedValue { $0.append(message) } }
}
