import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How a list reads on its page: items, chips, filters, members, invitations and links.
enum ListPresentation {
    static let shownItems = 100

    static func page(_ list: ShoppingList, _ context: ServiceContext, query: ListQuery, errors: [String]) async throws -> ListPageView {
        let me = try context.requireUser()
        let id = try list.requireID()
        let sort = query.sort.flatMap(ItemService.Sort.init(rawValue:)) ?? .time
        let showAll = query.all == "1"
        let lists = try await ListService.lists(for: context)
        // Independent reads, side by side (PostgreSQL runs them on separate connections).
        async let itemPage = ItemService.page(of: list, category: query.category, sort: sort, limit: showAll ? nil : shownItems, boughtLimit: shownItems, on: context.db)
        async let categoryNames = ItemService.categories(of: list, on: context.db)
        async let people = ListService.members(of: list, on: context.db)
        async let suggestions = ItemService.frequent(for: list, among: try lists.map { try $0.requireID() }, on: context.db, limit: 100)
        let (open, openCount, bought) = try await itemPage
        let categories = try await categoryNames
        let (members, pending) = try await people
        let frequent = try await suggestions
        let invitations = try await InvitationService.pending(for: context)
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
        // The owner of a shared list invites until every seat is taken or promised.
        let invites = !list.isPrivate && list.$owner.id == me.id
        let seatsLeft = members.count - 1 + pending.count < ShoppingList.maximumExtraMembers
        return ListPageView(
            id: id.uuidString, name: list.isPrivate ? context.text("lists_private") : list.name, isPrivate: list.isPrivate,
            isOwner: list.$owner.id == me.id,
            lists: lists.map {
                .init(name: $0.isPrivate ? context.text("lists_private") : $0.name, url: ListsURL.list(id: $0.id).path, active: $0.id == id)
            },
            // A page stays quick however long the list: the first items, and a link to all of them.
            open: try open.map(row), hiddenOpen: openCount - open.count,
            showAllURL: page.path(query: [("all", "1")] + (query.category.map { [("category", $0)] } ?? []) + (query.sort.map { [("sort", $0)] } ?? [])),
            bought: try bought.map(row),
            chips: frequent.filter { !openNames.contains($0.name.lowercased()) }.prefix(8).map(chip),
            suggestions: frequent.map(chip),
            categories: [SelectOption(value: "", label: context.text("lists_all_categories"), selected: (query.category ?? "").isEmpty)]
                + categories.map { SelectOption(value: $0, label: $0, selected: $0 == query.category) },
            sorts: ItemService.Sort.allCases.map { sort in
                .init(label: context.text("lists_sort_\(sort.rawValue)"), url: page.path(query: [("sort", sort.rawValue)] + (query.category.map { [("category", $0)] } ?? [])), active: sort == (query.sort.flatMap(ItemService.Sort.init(rawValue:)) ?? .time))
            },
            members: try members.map { user in
                .init(name: user.name, email: user.email, isOwner: user.id == list.$owner.id, isMe: user.id == me.id,
                      removeURL: ListsURL.removeMember(id: id, user: try user.requireID()).path)
            },
            pending: pending.map { .init(email: $0, withdrawURL: ListsURL.withdrawInvitation(id: id).path) },
            invitations: try invitations.map { pending in
                let invitationID = try pending.invitation.requireID()
                return .init(text: context.text("lists_invitation_text", ["owner": pending.ownerName, "name": pending.list.name]),
                             acceptURL: ListsURL.acceptInvitation(invitation: invitationID).path,
                             declineURL: ListsURL.declineInvitation(invitation: invitationID).path)
            },
            canInvite: invites && seatsLeft,
            fullNotice: invites && !seatsLeft ? context.text("lists_full", ["maximum": "\(ShoppingList.maximumExtraMembers)"]) : "",
            links: .init(
                page: page.path, create: ListsURL.create.path, rename: ListsURL.rename(id: id).path,
                delete: ListsURL.delete(id: id).path, items: ListsURL.items(id: id).path,
                barcode: ListsURL.barcode(id: id).path, clear: ListsURL.clear(id: id).path,
                members: ListsURL.members(id: id).path, leave: ListsURL.leave(id: id).path,
                live: ListsURL.live(id: id).path, expenses: ListsURL.expenses(id: id).path
            ),
            errors: errors
        )
    }
}
