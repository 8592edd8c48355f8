import Fluent
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Two instances on one PostgreSQL schema: pages open on B follow what members do through A, and
/// close when A removes the member, signs them out or deletes the list.
@Suite struct LiveAcrossInstancesTests {
    @Test(.enabled(if: TestDatabase.postgresURL != nil))
    func pagesOnAnotherInstanceHearChangesAndRemovals() async throws {
        try await withScanbook(.postgres) { a, environment in
            let anna = WebSession(a), ben = WebSession(a)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            let flat = try await anna.createList("WG")
            try await anna.post(ListsURL.members(id: flat).path, ["email": "ben@example.org"])
            try await ben.acceptInvitation()

            try await environment.withApp { b in
                try await b.server.start(address: .hostname("127.0.0.1", port: 0))
                do {
                    try await follow(flat, on: b, through: a, anna: anna, ben: ben)
                } catch {
                    await b.server.shutdown()
                    throw error
                }
                await b.server.shutdown()
            }
        }
    }

    private func follow(_ flat: UUID, on b: Application, through a: Application, anna: WebSession, ben: WebSession) async throws {
        let port = try #require(b.http.server.shared.localAddress?.port)
        let url = "ws://127.0.0.1:\(port)\(ListsURL.live(id: flat).path)"
        let bens = try await LivePage.open(url, cookie: ben.cookieHeader), annas = try await LivePage.open(url, cookie: anna.cookieHeader)
        let bensOwn = try await ben.firstListID()
        let bensOwnPage = try await LivePage.open("ws://127.0.0.1:\(port)\(ListsURL.live(id: bensOwn).path)", cookie: ben.cookieHeader)
        let listener = try #require((b.listLive.bus as? PostgresLiveBus<ListLive.Message>)?.listener)
        try await waitUntil { b.listLive.count(list: flat) == 2 && b.listLive.count(list: bensOwn) == 1 && listener.isListening }

        try await anna.addItem(flat, ["name": "Milch"])
        try await waitUntil { !bens.texts.isEmpty && !annas.texts.isEmpty }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let change = try decoder.decode(ListChange.self, from: Data(bens.texts[0].utf8))
        #expect(change.list == flat && change.change == .items)
        #expect(bens.texts.count == 1, "once, though A and B both hear the database")

        // Removed through A: Ben's page on B is closed as no longer a member; Anna's stays open.
        let benID = try #require(try await User.query(on: a.db).filter(\.$email == "ben@example.org").first()?.id)
        try await anna.get(ListsURL.list(id: flat).path)
        try await anna.post(ListsURL.removeMember(id: flat, user: benID).path)
        try await waitUntil { bens.socket.isClosed }
        #expect(bens.socket.closeCode == .policyViolation && !annas.socket.isClosed && !bensOwnPage.socket.isClosed)

        // Signed out through A: the pages of that session on B close too.
        try await ben.get(ListsURL.list(id: bensOwn).path)
        try await ben.post(SiteURL.logout.path)
        try await waitUntil { bensOwnPage.socket.isClosed }
        #expect(bensOwnPage.socket.closeCode == .policyViolation)

        // Deleted through A: Anna's page on B is told and closed.
        try await anna.get(ListsURL.list(id: flat).path)
        try await anna.post(ListsURL.delete(id: flat).path)
        try await waitUntil { annas.socket.isClosed }
        #expect(annas.texts.last?.contains("\"deleted\"") == true && annas.socket.closeCode == .goingAway)
        try await waitUntil { b.listLive.count(list: flat) == 0 }
    }
}
