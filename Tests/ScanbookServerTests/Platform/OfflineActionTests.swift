import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

/// Issue 46: what the offline queue sends again (its answer lost, or sent by two tabs) happens once.
@Suite struct OfflineActionTests {
    static func key(_ key: String) -> HTTPHeaders { [OfflineActionMiddleware.header: key] }

    @Test(arguments: TestDatabase.available)
    func aChangeSentTwiceWithOneKeyIsMadeOnceAndAnsweredAlike(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let list = try await anna.firstListID()
            try await anna.get(ListsURL.list(id: list).path)
            let key = UUID().uuidString
            let first = try await anna.post(ListsURL.items(id: list).path, ["name": "Milch"], headers: Self.key(key))
            let again = try await anna.post(ListsURL.items(id: list).path, ["name": "Milch"], headers: Self.key(key))
            #expect(first.status == .seeOther && again.status == .seeOther)
            #expect(again.headers.first(name: .location) == first.headers.first(name: .location) && again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await ListItem.query(on: app.db).filter(\.$name == "Milch").count() == 1)
            // Another key is another change.
            try await anna.post(ListsURL.items(id: list).path, ["name": "Milch"], headers: Self.key(UUID().uuidString))
            #expect(try await ListItem.query(on: app.db).filter(\.$name == "Milch").count() == 2)

            // A tick says what it wants: sent twice (or after someone else ticked), the item stays bought.
            let milk = try #require(try await ListItem.query(on: app.db).filter(\.$name == "Milch").first())
            for _ in 0..<2 { try await anna.post(ListsURL.toggle(id: list, item: milk.id).path, ["checked": "true"], headers: Self.key(UUID().uuidString)) }
            #expect(try await ListItem.find(milk.id, on: app.db)?.checkedAt != nil)
            try await anna.post(ListsURL.toggle(id: list, item: milk.id).path, ["checked": "false"])
            #expect(try await ListItem.find(milk.id, on: app.db)?.checkedAt == nil)

            // A refusal is answered again as a refusal; the key of another user is theirs alone.
            let refusedKey = UUID().uuidString
            let refused = try await anna.post(ListsURL.items(id: list).path, ["name": " "], headers: Self.key(refusedKey))
            let refusedAgain = try await anna.post(ListsURL.items(id: list).path, ["name": "Brot"], headers: Self.key(refusedKey))
            #expect(refused.status == .unprocessableEntity && refusedAgain.status == .unprocessableEntity)
            #expect(try await ListItem.query(on: app.db).filter(\.$name == "Brot").count() == 0)
            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            let bens = try await ben.firstListID()
            try await ben.get(ListsURL.list(id: bens).path)
            #expect(try await ben.post(ListsURL.items(id: bens).path, ["name": "Tee"], headers: Self.key(key)).status == .seeOther)
            #expect(try await ListItem.query(on: app.db).filter(\.$name == "Tee").count() == 1)

            // A key that is not one is refused before anything happens.
            let bad = try await anna.post(ListsURL.items(id: list).path, ["name": "Salz"], headers: Self.key("no spaces or ü please"))
            #expect(bad.status == .badRequest && bad.body.string.contains("Idempotency-Key"))
            #expect(try await ListItem.query(on: app.db).filter(\.$name == "Salz").count() == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aReceiptPhotoSentTwiceIsOneReceiptAndAStaleClaimMayBeRetried(_ database: TestDatabase) async throws {
        try await withAnnasReceipts(database) { app, anna, _ in
            try await anna.get(ReceiptsURL.list.path)
            let key = UUID().uuidString
            for _ in 0..<2 {
                let sent = try await anna.post(ReceiptsURL.list.path, files: ["image": try Fixtures.avatarPNG()], headers: Self.key(key))
                #expect(sent.status == .seeOther, "\(sent.body.string)")
            }
            #expect(try await Receipt.query(on: app.db).count() == 1)

            // A claim whose request never finished (its instance stopped) answers 409 for a while, then runs again.
            let stuck = UUID().uuidString
            let user = try #require(try await User.query(on: app.db).first())
            try await OfflineAction(userID: try user.requireID(), key: stuck, createdAt: app.clock.now()).create(on: app.db)
            #expect(try await anna.post(ReceiptsURL.list.path, files: ["image": try Fixtures.avatarPNG()], headers: Self.key(stuck)).status == .conflict)
            try await OfflineAction.query(on: app.db).filter(\.$key == stuck).set(\.$createdAt, to: app.clock.now().addingTimeInterval(-600)).update()
            #expect(try await anna.post(ReceiptsURL.list.path, files: ["image": try Fixtures.avatarPNG()], headers: Self.key(stuck)).status == .seeOther)
            #expect(try await Receipt.query(on: app.db).count() == 2)
            #expect(try await OfflineAction.query(on: app.db).filter(\.$key == stuck).first()?.status == 303)
        }
    }
}
