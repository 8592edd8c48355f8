import Fluent
import Foundation
import Vapor

/// The list pages: one page per list with its items, quick add, members and settings.
enum ListWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        let lists = try await ListService.lists(for: request)
        return request.redirect(to: ListsURL.list(id: lists.first?.id))
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        do {
            let list = try await ListService.create(named: try request.content.decode(ListNameForm.self).name, on: request)
            return request.redirect(to: ListsURL.list(id: list.id))
        } catch let error as UserFacingError {
            let first = try await ListService.lists(for: request)[0]
            return try await render(first, request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await render(try await list(request), request, errors: [], status: .ok)
    }

    @Sendable static func rename(_ request: Request) async throws -> Response {
        try await change(request) { list in try await ListService.rename(list, to: try request.content.decode(ListNameForm.self).name, on: request) }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let list = try await list(request)
        do {
            try await ListService.delete(list, on: request)
            request.flash(.success, request.text("lists_deleted", ["name": list.name]))
            return request.redirect(to: ListsURL.index)
        } catch let error as UserFacingError {
            return try await render(list, request, errors: error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func addItem(_ request: Request) async throws -> Response {
        try await change(request) { list in _ = try await ItemService.add(try request.content.decode(ItemInput.self), to: list, on: request) }
    }

    @Sendable static func addByBarcode(_ request: Request) async throws -> Response {
        try await change(request) { list in _ = try await ItemService.addByBarcode(try request.content.decode(BarcodeForm.self), to: list, on: request) }
    }

    @Sendable static func updateItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let item = try await ItemService.find(request.id(.item), in: list, on: request)
            try await ItemService.update(item, in: list, with: try request.content.decode(ItemInput.self), on: request)
        }
    }

    @Sendable static func toggleItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            try await ItemService.toggle(try await ItemService.find(request.id(.item), in: list, on: request), in: list, on: request)
        }
    }

    @Sendable static func deleteItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            try await ItemService.delete(try await ItemService.find(request.id(.item), in: list, on: request), in: list, on: request)
        }
    }

    @Sendable static func clearBought(_ request: Request) async throws -> Response {
        try await change(request) { list in try await ItemService.clearBought(list, on: request) }
    }

    @Sendable static func invite(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let email = try request.content.decode(InviteForm.self).email
            try await ListService.invite(email, to: list, on: request)
            request.flash(.success, request.text("lists_invited", ["email": email ?? ""]))
        }
    }

    @Sendable static func withdrawInvitation(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let email = try request.content.decode(InviteForm.self).email
            try await ListService.withdrawInvitation(email, of: list, on: request)
            request.flash(.success, request.text("lists_invitationWithdrawn", ["email": email ?? ""]))
        }
    }

    @Sendable static func acceptInvitation(_ request: Request) async throws -> Response {
        let list = try await InvitationService.accept(request.id(.invitation), on: request)
        request.flash(.success, request.text("lists_joined", ["name": list.name]))
        return request.redirect(to: ListsURL.list(id: list.id))
    }

    @Sendable static func declineInvitation(_ request: Request) async throws -> Response {
        try await InvitationService.decline(request.id(.invitation), on: request)
        request.flash(.success, request.text("lists_invitationDeclined"))
        return request.redirect(to: ListsURL.index)
    }

    @Sendable static func removeMember(_ request: Request) async throws -> Response {
        try await change(request) { list in
            guard let userID = request.id(.user) else { throw Abort(.notFound) }
            try await ListService.remove(userID, from: list, on: request)
        }
    }

    @Sendable static func leave(_ request: Request) async throws -> Response {
        let list = try await list(request)
        do {
            try await ListService.remove(try request.auth.require(User.self).requireID(), from: list, on: request)
            request.flash(.success, request.text("lists_left", ["name": list.name]))
            return request.redirect(to: ListsURL.index)
        } catch let error as UserFacingError {
            return try await render(list, request, errors: error.messages(for: request), status: error.status)
        }
    }

    /// Runs a change on the user's list and shows the list again (with the problem, if refused).
    private static func change(_ request: Request, _ body: (ShoppingList) async throws -> Void) async throws -> Response {
        let list = try await list(request)
        do {
            try await body(list)
            return request.redirect(to: ListsURL.list(id: list.id))
        } catch let error as UserFacingError {
            return try await render(list, request, errors: error.messages(for: request), status: error.status)
        }
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request)
    }

    static let shownItems = 100

    static func render(_ list: ShoppingList, _ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let me = try request.auth.require(User.self)
        let id = try list.requireID()
        let query = try request.query.decode(ListQuery.self)
        let sort = query.sort.flatMap(ItemService.Sort.init(rawValue:)) ?? .time
        let showAll = query.all == "1"
        let lists = try await ListService.lists(for: request)
        // Independent reads, side by side (PostgreSQL runs them on separate connections).
        async let itemPage = ItemService.page(of: list, category: query.category, sort: sort, limit: showAll ? nil : shownItems, boughtLimit: shownItems, on: request.db)
        async let categoryNames = ItemService.categories(of: list, on: request.db)
        async let people = ListService.members(of: list, on: request.db)
        async let suggestions = ItemService.frequent(for: list, among: try lists.map { try $0.requireID() }, on: request.db, limit: 100)
        let (open, openCount, bought) = try await itemPage
        let categories = try await categoryNames
        let (members, pending) = try await people
        let frequent = try await suggestions
        let invitations = try await InvitationService.pending(for: request)
        let openNames = Set(open.map { $0.name.lowercased() })
        func chip(_ item: ItemService.Suggestion) -> ListPageView.Chip { .init(name: item.name, brand: item.brand ?? "", category: item.category ?? "") }
        func row(_ item: ListItem) throws -> ListPageView.Item {
            let itemID = try item.requireID()
            return .init(
                id: itemID.uuidString, name: item.name, brand: item.brand ?? "", quantity: item.quantity ?? "", category: item.category ?? "",
                barcode: item.barcode ?? "",
                toggleURL: ListsURL.toggle(id: id, item: itemID).path, updateURL: ListsURL.item(id: id, item: itemID).path,
                deleteURL: ListsURL.deleteItem(id: id, item: itemID).path
            )
        }
        let page = ListsURL.list(id: id)
        let view = ListPageView(
            id: id.uuidString, name: list.isPrivate ? request.text("lists_private") : list.name, isPrivate: list.isPrivate,
            isOwner: list.$owner.id == me.id,
            lists: lists.map {
                .init(name: $0.isPrivate ? request.text("lists_private") : $0.name, url: ListsURL.list(id: $0.id).path, active: $0.id == id)
            },
            // A page stays quick however long the list: the first items, and a link to all of them.
            open: try open.map(row), hiddenOpen: openCount - open.count,
            showAllURL: page.path(query: [("all", "1")] + (query.category.map { [("category", $0)] } ?? []) + (query.sort.map { [("sort", $0)] } ?? [])),
            bought: try bought.map(row),
            chips: frequent.filter { !openNames.contains($0.name.lowercased()) }.prefix(8).map(chip),
            suggestions: frequent.map(chip),
            categories: [SelectOption(value: "", label: request.text("lists_all_categories"), selected: (query.category ?? "").isEmpty)]
                + categories.map { SelectOption(value: $0, label: $0, selected: $0 == query.category) },
            sorts: ItemService.Sort.allCases.map { sort in
                .init(label: request.text("lists_sort_\(sort.rawValue)"), url: page.path(query: [("sort", sort.rawValue)] + (query.category.map { [("category", $0)] } ?? [])), active: sort == (query.sort.flatMap(ItemService.Sort.init(rawValue:)) ?? .time))
            },
            members: try members.map { user in
                .init(name: user.name, email: user.email, isOwner: user.id == list.$owner.id, isMe: user.id == me.id,
                      removeURL: ListsURL.removeMember(id: id, user: try user.requireID()).path)
            },
            pending: pending.map { .init(email: $0, withdrawURL: ListsURL.withdrawInvitation(id: id).path) },
            invitations: try invitations.map { pending in
                let invitationID = try pending.invitation.requireID()
                return .init(text: request.text("lists_invitation_text", ["owner": pending.ownerName, "name": pending.list.name]),
                             acceptURL: ListsURL.acceptInvitation(invitation: invitationID).path,
                             declineURL: ListsURL.declineInvitation(invitation: invitationID).path)
            },
            canInvite: !list.isPrivate && list.$owner.id == me.id && members.count - 1 + pending.count < ShoppingList.maximumExtraMembers,
            links: .init(
                page: page.path, create: ListsURL.create.path, rename: ListsURL.rename(id: id).path,
                delete: ListsURL.delete(id: id).path, items: ListsURL.items(id: id).path,
                barcode: ListsURL.barcode(id: id).path, clear: ListsURL.clear(id: id).path,
                members: ListsURL.members(id: id).path, leave: ListsURL.leave(id: id).path,
                live: ListsURL.live(id: id).path, expenses: ListsURL.expenses(id: id).path
            ),
            errors: errors
        )
        return try await request.renderPage("Lists/show", title: "lists_title", content: view, status: status, activeModule: .lists)
    }
}
