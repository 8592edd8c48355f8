import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

extension WebSession {
    /// The id of the list the lists page leads to (the private list for a new user).
    func firstListID() async throws -> UUID {
        let response = try await get(ListsURL.index.path)
        let location = try #require(response.headers.first(name: .location))
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    func createList(_ name: String) async throws -> UUID {
        try await get(ListsURL.list(id: try await firstListID()).path)
        let response = try await post(ListsURL.create.path, ["name": name])
        let location = try #require(response.headers.first(name: .location), "\(response.status)")
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    /// Accepts the invitation shown on this user's lists page (the only one, or the one to `listName`).
    @discardableResult
    func acceptInvitation(named listName: String? = nil) async throws -> TestingHTTPResponse {
        let page = try await get(ListsURL.list(id: try await firstListID()).path).body.string
        let section = try #require(page.range(of: "id=\"invitations\"").map { String(page[$0.lowerBound...]) }, "no invitations shown")
        let entries = section.components(separatedBy: "<li>").dropFirst()
        let entry = try #require(entries.first { listName == nil || $0.contains(listName ?? "") })
        let action = try #require(entry.firstMatch(of: /action="(\/lists\/invitations\/[0-9A-F-]+\/accept)"/)?.1)
        return try await post(String(action))
    }

    @discardableResult
    func addItem(_ list: UUID, _ fields: [String: String]) async throws -> TestingHTTPResponse {
        try await get(ListsURL.list(id: list).path)
        return try await post(ListsURL.items(id: list).path, fields)
    }
}

@Suite struct ListTests {
    @Test(arguments: TestDatabase.available)
    func itemsAreAddedCheckedOffRestoredAndCleared(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let mine = try await anna.firstListID()
            #expect(try await ShoppingList.find(mine, on: app.db)?.isPrivate == true, "a private list exists from the start")
            #expect(try await anna.addItem(mine, ["name": "Milch", "quantity": "2", "category": "Kühlregal"]).status == .seeOther)
            try await anna.addItem(mine, ["name": "Brot", "category": "Bäckerei"])
            try await anna.addItem(mine, ["name": "Äpfel", "brand": "Bio", "quantity": "1 kg"])
            #expect(try await anna.addItem(mine, ["name": "  "]).status == .unprocessableEntity)
            #expect(try await ListItem.query(on: app.db).count() == 3)

            let milk = try #require(try await ListItem.query(on: app.db).filter(\.$name == "Milch").first())
            try await anna.post(ListsURL.toggle(id: mine, item: milk.id).path)
            var page = try await anna.get(ListsURL.list(id: mine).path).body.string
            #expect(page.contains("id=\"bought-items\"") && page.contains("<s>Milch</s>"))
            try await anna.post(ListsURL.toggle(id: mine, item: milk.id).path)
            #expect(try await ListItem.find(milk.id, on: app.db)?.checkedAt == nil, "restored")

            // Sorted by name, filtered by category.
            page = try await anna.get(ListsURL.list(id: mine).path(query: [("sort", "name")])).body.string
            let order = ["Äpfel", "Brot", "Milch"].map { page.range(of: "data-name=\"\($0)\"")!.lowerBound }
            #expect(order == order.sorted())
            page = try await anna.get(ListsURL.list(id: mine).path(query: [("category", "Bäckerei")])).body.string
            #expect(page.contains("data-name=\"Brot\"") && !page.contains("data-name=\"Milch\""))

            // Edit, then buy and clear: the item leaves the list and comes back as a quick-add chip.
            let bread = try #require(try await ListItem.query(on: app.db).filter(\.$name == "Brot").first())
            try await anna.post(ListsURL.item(id: mine, item: bread.id).path, ["name": "Vollkornbrot", "brand": "Huber"])
            #expect(try await ListItem.find(bread.id, on: app.db)?.brand == "Huber")
            try await anna.post(ListsURL.toggle(id: mine, item: bread.id).path)
            try await anna.post(ListsURL.clear(id: mine).path)
            page = try await anna.get(ListsURL.list(id: mine).path).body.string
            #expect(!page.contains("data-name=\"Vollkornbrot\""), "off the list")
            #expect(page.contains("+ Vollkornbrot"), "offered again")
            #expect(try await anna.post(ListsURL.toggle(id: mine, item: bread.id).path).status == .notFound, "a cleared item is history, not an item")

            // Deleting an item.
            try await anna.post(ListsURL.deleteItem(id: mine, item: milk.id).path)
            #expect(try await ListItem.find(milk.id, on: app.db) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func quickAddOffersTheMostFrequentItems(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let mine = try await anna.firstListID()
            for name in ["Milch", "Milch", "Milch", "Eier", "Eier", "Salz"] {
                try await anna.addItem(mine, ["name": name, "category": name == "Milch" ? "Kühlregal" : ""])
                let item = try #require(try await ListItem.query(on: app.db).filter(\.$name == name).filter(\.$checkedAt == nil).first())
                try await anna.post(ListsURL.toggle(id: mine, item: item.id).path)
            }
            let page = try await anna.get(ListsURL.list(id: mine).path).body.string
            let chips = ["+ Milch", "+ Eier", "+ Salz"].map { page.range(of: $0)?.lowerBound }
            #expect(chips.allSatisfy { $0 != nil })
            #expect(chips.compactMap { $0 } == chips.compactMap { $0 }.sorted(), "most frequent first")
            #expect(page.contains("<option value=\"Milch\"> Kühlregal</option>"), "typing suggests earlier items with their category")
        }
    }

    @Test(arguments: TestDatabase.available)
    func anItemAddedByBarcodeIsRecognizedTheNextTime(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, anna in
            let mine = try await anna.firstListID()
            let photo = FormFile(filename: "barcodes.png", contentType: "image/png", bytes: [UInt8](try Data(contentsOf: Fixtures.visionDirectory.appendingPathComponent("barcodes.png"))))
            try await anna.get(ListsURL.list(id: mine).path)
            let unknown = try await anna.post(ListsURL.barcode(id: mine).path, files: ["photo": photo])
            #expect(unknown.status == .unprocessableEntity, "a new code needs a name")
            #expect(try await anna.post(ListsURL.barcode(id: mine).path, ["name": "Kaffee"], files: ["photo": photo]).status == .seeOther)
            let first = try #require(try await ListItem.query(on: app.db).first())
            #expect(["4006381333931", "96385074"].contains(first.barcode ?? ""))
            try await anna.post(ListsURL.item(id: mine, item: first.id).path, ["brand": "Lavazza"])

            let shared = try await anna.createList("Büro")
            #expect(try await anna.post(ListsURL.barcode(id: shared).path, files: ["photo": photo]).status == .seeOther)
            let again = try #require(try await ListItem.query(on: app.db).filter(\.$list.$id == shared).first())
            #expect(again.name == "Kaffee" && again.brand == "Lavazza" && again.barcode == first.barcode)
        }
    }

    @Test(arguments: TestDatabase.available)
    func membersAreInvitedLeaveAndAreRemoved(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app), ben = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            let flat = try await anna.createList("WG")
            try await anna.addItem(flat, ["name": "Spülmittel"])

            #expect(try await anna.post(ListsURL.members(id: flat).path, ["email": "Ben@Example.org"]).status == .seeOther)
            // An existing account is not added without its consent, and the owner cannot tell that it exists.
            #expect(try await ben.get(ListsURL.list(id: flat).path).status == .notFound, "invited is not joined")
            #expect(try await ListInvitation.query(on: app.db).count() == 1)
            #expect(try await anna.get(ListsURL.list(id: flat).path).body.string.contains("ben@example.org"))
            #expect(try await anna.post(ListsURL.members(id: flat).path, ["email": "ben@example.org"]).status == .conflict)
            #expect(try await anna.post(ListsURL.members(id: flat).path, ["email": "not-an-address"]).status == .unprocessableEntity)
            #expect(try await ben.get(SiteURL.home.path).body.string.contains("Invitations: 1"), "shown after signing in")
            #expect(try await ben.acceptInvitation(named: "WG").status == .seeOther)
            #expect(try await ben.get(ListsURL.list(id: flat).path).body.string.contains("Spülmittel"), "in after accepting")
            #expect(try await ListInvitation.query(on: app.db).count() == 0)

            // An address without an account waits; registering shows the invitation, it does not join.
            try await anna.post(ListsURL.members(id: flat).path, ["email": "carla@example.org"])
            let carla = WebSession(app)
            try await carla.register(email: "carla@example.org")
            #expect(try await carla.get(ListsURL.list(id: flat).path).status == .notFound)
            #expect(try await carla.acceptInvitation().status == .seeOther)
            #expect(try await carla.get(ListsURL.list(id: flat).path).status == .ok)

            // Someone else's invitation cannot be answered; a declined one is gone; the owner withdraws one.
            try await anna.get(ListsURL.list(id: flat).path)
            try await anna.post(ListsURL.members(id: flat).path, ["email": "zora@example.org"])
            let zoraInvitation = try #require(try await ListInvitation.query(on: app.db).filter(\.$email == "zora@example.org").first()?.id)
            try await ben.get(ListsURL.list(id: flat).path)
            #expect(try await ben.post(ListsURL.acceptInvitation(invitation: zoraInvitation).path).status == .notFound)
            #expect(try await ben.post(ListsURL.declineInvitation(invitation: zoraInvitation).path).status == .notFound)
            let zora = WebSession(app)
            try await zora.register(email: "zora@example.org")
            try await zora.get(ListsURL.list(id: try await zora.firstListID()).path)
            #expect(try await zora.post(ListsURL.declineInvitation(invitation: zoraInvitation).path).status == .seeOther)
            #expect(try await zora.get(ListsURL.list(id: flat).path).status == .notFound)
            #expect(try await ListInvitation.query(on: app.db).count() == 0)
            try await anna.get(ListsURL.list(id: flat).path)
            try await anna.post(ListsURL.members(id: flat).path, ["email": "zora@example.org"])
            #expect(try await ben.post(ListsURL.withdrawInvitation(id: flat).path, ["email": "zora@example.org"]).status == .forbidden)
            #expect(try await anna.post(ListsURL.withdrawInvitation(id: flat).path, ["email": "zora@example.org"]).status == .seeOther)
            #expect(try await ListInvitation.query(on: app.db).count() == 0)
            #expect(try await anna.post(ListsURL.withdrawInvitation(id: flat).path, ["email": "zora@example.org"]).status == .notFound)

            // Five besides the owner, invitations included; the sixth is refused.
            for name in ["dora", "emil", "fred"] {
                #expect(try await anna.post(ListsURL.members(id: flat).path, ["email": "\(name)@example.org"]).status == .seeOther)
            }
            #expect(try await anna.post(ListsURL.members(id: flat).path, ["email": "gina@example.org"]).status == .conflict)
            // The page says why the invite form is gone instead of just leaving it out.
            let full = try await anna.get(ListsURL.list(id: flat).path).body.string
            #expect(full.contains(#"id="list-full""#) && !full.contains(#"id="invite""#))
            #expect(try await ListMembership.query(on: app.db).filter(\.$list.$id == flat).count() == 3, "invited is not joined")

            // Only the owner invites, renames or deletes; members leave; the owner removes.
            #expect(try await ben.post(ListsURL.members(id: flat).path, ["email": "hugo@example.org"]).status == .forbidden)
            #expect(try await ben.post(ListsURL.rename(id: flat).path, ["name": "Meins"]).status == .forbidden)
            #expect(try await ben.post(ListsURL.delete(id: flat).path).status == .forbidden)
            #expect(try await ben.post(ListsURL.leave(id: flat).path).status == .seeOther)
            #expect(try await ben.get(ListsURL.list(id: flat).path).status == .notFound, "gone after leaving")
            let carlaID = try #require(try await User.query(on: app.db).filter(\.$email == "carla@example.org").first()?.id)
            try await anna.get(ListsURL.list(id: flat).path)
            #expect(try await anna.post(ListsURL.removeMember(id: flat, user: carlaID).path).status == .seeOther)
            #expect(try await carla.get(ListsURL.list(id: flat).path).status == .notFound)
            #expect(try await anna.post(ListsURL.leave(id: flat).path).status == .conflict, "the owner stays")
            #expect(try await ListItem.query(on: app.db).filter(\.$list.$id == flat).count() == 1, "items stay")

            let mine = try await anna.firstListID()
            #expect(try await anna.post(ListsURL.members(id: mine).path, ["email": "ben@example.org"]).status == .conflict, "the private list is only hers")
            #expect(try await anna.post(ListsURL.delete(id: mine).path).status == .conflict)
            #expect(try await anna.post(ListsURL.delete(id: flat).path).status == .seeOther)
            #expect(try await ShoppingList.find(flat, on: app.db) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aNonMemberGetsNotFoundEverywhere(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app), mallory = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await mallory.register(email: "mallory@example.org")
            let flat = try await anna.createList("WG")
            try await anna.addItem(flat, ["name": "Milch"])
            let item = try #require(try await ListItem.query(on: app.db).first()?.id)
            let annaID = try #require(try await User.query(on: app.db).filter(\.$email == "anna@example.org").first()?.id)

            try await mallory.get(ListsURL.index.path)
            #expect(try await mallory.get(ListsURL.list(id: flat).path).status == .notFound)
            for url in [ListsURL.rename(id: flat), .delete(id: flat), .items(id: flat), .item(id: flat, item: item), .toggle(id: flat, item: item),
                        .deleteItem(id: flat, item: item), .clear(id: flat), .members(id: flat), .removeMember(id: flat, user: annaID), .leave(id: flat)] {
                #expect(try await mallory.post(url.path, ["name": "x", "email": "mallory@example.org"]).status == .notFound, "\(url)")
            }
            let api = APIClient(app: app, token: try await app.apiToken(email: "mallory@example.org"))
            for (method, route) in [(HTTPMethod.GET, ListsAPIRoute.list(id: flat)), (.PATCH, .list(id: flat)), (.DELETE, .list(id: flat)), (.GET, .items(id: flat)),
                                    (.POST, .items(id: flat)), (.PATCH, .item(id: flat, item: item)), (.DELETE, .item(id: flat, item: item)),
                                    (.POST, .clear(id: flat)), (.POST, .members(id: flat)), (.DELETE, .member(id: flat, user: annaID))] {
                #expect(try await api.send(method, route, json: ItemInput(name: "x")).status == .notFound, "\(method) \(route)")
            }
            #expect(try await ListItem.query(on: app.db).count() == 1, "nothing changed")
            #expect(try await ShoppingList.find(flat, on: app.db)?.name == "WG")
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAPICoversListsItemsAndMembers(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app), ben = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let created = try await api.send(.POST, ListsAPIRoute.lists, json: ListNameForm(name: "Ferien"))
            #expect(created.status == .created)
            let list = try created.content.decode(ShoppingListDTO.self)
            let lists = try await api.send(.GET, ListsAPIRoute.lists).content.decode([ShoppingListDTO].self)
            #expect(lists.map(\.isPrivate) == [true, false])

            let invited = try await api.send(.POST, ListsAPIRoute.members(id: list.id), json: InviteForm(email: "ben@example.org"))
            #expect(try invited.content.decode(ShoppingListDTO.self).pendingInvitations == ["ben@example.org"])
            let benAPI = APIClient(app: app, token: try await app.apiToken(email: "ben@example.org"))
            let waiting = try await benAPI.send(.GET, ListsAPIRoute.myInvitations).content.decode([InvitationDTO].self)
            #expect(waiting.map(\.listName) == ["Ferien"])
            let joined = try await benAPI.send(.POST, ListsAPIRoute.acceptInvitation(invitation: waiting.first?.id))
            #expect(try joined.content.decode(ShoppingListDTO.self).members.count == 2)
            #expect(try await benAPI.send(.POST, ListsAPIRoute.acceptInvitation(invitation: waiting.first?.id)).status == .notFound, "answered once")
            try await api.send(.POST, ListsAPIRoute.members(id: list.id), json: InviteForm(email: "carla@example.org"))
            let withdrawn = try await api.send(.DELETE, ListsAPIRoute.invitation(id: list.id, email: "carla@example.org"))
            #expect(try withdrawn.content.decode(ShoppingListDTO.self).pendingInvitations.isEmpty)
            let added = try await api.send(.POST, ListsAPIRoute.items(id: list.id), json: ItemInput(name: "Sonnencreme", quantity: "2"))
            let item = try added.content.decode(ListItemDTO.self)
            let checked = try await api.send(.PATCH, ListsAPIRoute.item(id: list.id, item: item.id), json: ItemInput(checked: true))
            #expect(try checked.content.decode(ListItemDTO.self).checked)
            #expect(try await api.send(.POST, ListsAPIRoute.clear(id: list.id)).status == .noContent)
            #expect(try await api.send(.GET, ListsAPIRoute.items(id: list.id)).content.decode([ListItemDTO].self).isEmpty)
            let renamed = try await api.send(.PATCH, ListsAPIRoute.list(id: list.id), json: ListNameForm(name: "Sommerferien"))
            #expect(try renamed.content.decode(ShoppingListDTO.self).name == "Sommerferien")
            let benID = try #require(try await User.query(on: app.db).filter(\.$email == "ben@example.org").first()?.id)
            #expect(try await api.send(.DELETE, ListsAPIRoute.member(id: list.id, user: benID)).status == .noContent)
            #expect(try await api.send(.DELETE, ListsAPIRoute.list(id: list.id)).status == .noContent)
        }
    }

    @Test func aLongListShowsItsFirstItemsAndLinksToAll() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let mine = try await anna.firstListID()
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            for index in 0...ListPresentation.shownItems {
                _ = try await api.send(.POST, ListsAPIRoute.items(id: mine), json: ItemInput(name: "Item \(index)"))
            }
            let page = try await anna.get(ListsURL.list(id: mine).path).body.string
            #expect(page.contains("id=\"show-all\"") && page.contains("(+1)"))
            #expect(page.components(separatedBy: "data-name=\"Item ").count - 1 == ListPresentation.shownItems)
            let all = try await anna.get(ListsURL.list(id: mine).path(query: [("all", "1")])).body.string
            #expect(all.components(separatedBy: "data-name=\"Item ").count - 1 == ListPresentation.shownItems + 1)
        }
    }
}
