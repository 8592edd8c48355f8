import Fluent
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct ListLiveTests {
    @Test(arguments: TestDatabase.available)
    func membersHearChangesAndOthersCannotListen(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app), ben = WebSession(app), mallory = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            try await mallory.register(email: "mallory@example.org")
            let flat = try await anna.createList("WG")
            try await anna.post(ListsURL.members(id: flat).path, ["email": "ben@example.org"])
            try await ben.acceptInvitation()

            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            do {
                try await listen(app, anna: anna, ben: ben, mallory: mallory, flat: flat)
            } catch {
                await app.server.shutdown()
                throw error
            }
            await app.server.shutdown()
        }
    }

    private func listen(_ app: Application, anna: WebSession, ben: WebSession, mallory: WebSession, flat: UUID) async throws {
        do {
            let port = try #require(app.http.server.shared.localAddress?.port)
            let url = "ws://127.0.0.1:\(port)\(ListsURL.live(id: flat).path)"

            // A non-member's upgrade is refused with the same 404 as every other list URL (asked
            // over plain HTTP: the WebSocket client would wait for an upgrade that never comes).
            let upgrade: HTTPHeaders = [
                "Cookie": mallory.cookieHeader, "Connection": "Upgrade", "Upgrade": "websocket",
                "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            ]
            let refused = try await app.client.get(URI(string: "http://127.0.0.1:\(port)\(ListsURL.live(id: flat).path)"), headers: upgrade)
            #expect(refused.status == .notFound)
            // A page of another site cannot open a member's socket with the member's cookie.
            var foreign = upgrade
            foreign.replaceOrAdd(name: "Cookie", value: ben.cookieHeader)
            foreign.replaceOrAdd(name: "Origin", value: "https://evil.example")
            // (In memory: a real client would keep waiting on the connection it asked to upgrade.)
            #expect(try await app.testing().sendRequest(.GET, ListsURL.live(id: flat).path, headers: foreign).status == .forbidden)
            foreign.replaceOrAdd(name: "Origin", value: "http://127.0.0.1:\(port)")
            foreign.replaceOrAdd(name: "Host", value: "127.0.0.1:\(port)")
            #expect(try await app.testing().sendRequest(.GET, ListsURL.live(id: flat).path, headers: foreign).status != .forbidden, "its own origin is fine")

            let page = try await LivePage.open(url, cookie: ben.cookieHeader)
            try await waitUntil { app.listLive.count(list: flat) == 1 }

            try await anna.addItem(flat, ["name": "Milch"])
            try await waitUntil { !page.texts.isEmpty }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let change = try decoder.decode(ListChange.self, from: Data(page.texts[0].utf8))
            #expect(change.list == flat && change.change == .items)

            // Removed from the list: the socket is closed.
            let benID = try #require(try await User.query(on: app.db).filter(\.$email == "ben@example.org").first()?.id)
            try await anna.get(ListsURL.list(id: flat).path)
            try await anna.post(ListsURL.removeMember(id: flat, user: benID).path)
            try await waitUntil { page.socket.isClosed }
            // The server forgets the socket when its own side has closed, a moment later.
            try await waitUntil { app.listLive.count(list: flat) == 0 }
        }
    }
}

/// A list page's live socket: what it was sent, and the socket itself.
final class LivePage: Sendable {
    let socket: WebSocket
    private let received = NIOLockedValueBox<[String]>([])
    var texts: [String] { received.withLockedValue { $0 } }

    private init(_ socket: WebSocket) {
        self.socket = socket
        socket.onText { [received] _, text in received.withLockedValue { $0.append(text) } }
    }

    static func open(_ url: String, cookie: String) async throws -> LivePage {
        let page = NIOLockedValueBox<LivePage?>(nil)
        try await WebSocket.connect(to: url, headers: ["Cookie": cookie]) { socket in page.withLockedValue { $0 = LivePage(socket) } }
        // The upgrade handler may run just after `connect` returns.
        try await waitUntil { page.withLockedValue { $0 } != nil }
        return try #require(page.withLockedValue { $0 })
    }
}

/// Polls `condition` every 20 ms for up to `seconds`.
func waitUntil(seconds: Int = 5, _ condition: () -> Bool) async throws {
    for _ in 0..<(seconds * 50) {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("condition not met within \(seconds) seconds")
}

extension WebSession {
    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
}
