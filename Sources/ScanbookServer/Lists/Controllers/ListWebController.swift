import Fluent
import Foundation
import Vapor

/// The list pages: one page per list with its items, quick add, members and settings.
enum ListWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        let lists = try await ListService.lists(for: request.context)
        return request.redirect(to: ListsURL.list(id: lists.first?.id))
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        return try await request.change {
            let list = try await ListService.create(named: try request.content.decode(ListNameForm.self).name, on: request.context)
            return ListsURL.list(id: list.id)
        } showAgain: { errors, status in
            let first = try await ListService.lists(for: request.context)[0]
            return try await render(first, request, errors: errors, status: status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await render(try await list(request), request, errors: [], status: .ok)
    }

    @Sendable static func rename(_ request: Request) async throws -> Response {
        try await change(request) { list in try await ListService.rename(list, to: try request.content.decode(ListNameForm.self).name, on: request.context) }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let list = try await list(request)
        return try await request.change {
            try await ListService.delete(list, on: request.context)
            request.flash(.success, request.text("lists_deleted", ["name": list.name]))
            return ListsURL.index
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, status: status)
        }
    }

    @Sendable static func addItem(_ request: Request) async throws -> Response {
        try await change(request) { list in _ = try await ItemService.add(try request.content.decode(ItemInput.self), to: list, on: request.context) }
    }

    @Sendable static func addByBarcode(_ request: Request) async throws -> Response {
        try await change(request) { list in _ = try await ItemService.addByBarcode(try request.content.decode(BarcodeForm.self), to: list, on: request.context) }
    }

    @Sendable static func updateItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let item = try await ItemService.find(request.id(.item), in: list, on: request.context)
            try await ItemService.update(item, in: list, with: try request.content.decode(ItemInput.self), on: request.context)
        }
    }

    /// Ticks or restores an item. The page's forms say which (`checked`), so a tick sent twice, or
    /// sent late from a phone that was offline while another member ticked it too, stays a tick.
    @Sendable static func toggleItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let item = try await ItemService.find(request.id(.item), in: list, on: request.context)
            if let checked = try request.content.decode(TickForm.self).checked {
                try await ItemService.setChecked(item, checked, in: list, on: request.context)
            } else {
                try await ItemService.toggle(item, in: list, on: request.context)
            }
        }
    }

    @Sendable static func deleteItem(_ request: Request) async throws -> Response {
        try await change(request) { list in
            try await ItemService.delete(try await ItemService.find(request.id(.item), in: list, on: request.context), in: list, on: request.context)
        }
    }

    @Sendable static func clearBought(_ request: Request) async throws -> Response {
        try await change(request) { list in try await ItemService.clearBought(list, on: request.context) }
    }

    @Sendable static func invite(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let email = try request.content.decode(InviteForm.self).email
            try await ListService.invite(email, to: list, on: request.context)
            request.flash(.success, request.text("lists_invited", ["email": email ?? ""]))
        }
    }

    @Sendable static func withdrawInvitation(_ request: Request) async throws -> Response {
        try await change(request) { list in
            let email = try request.content.decode(InviteForm.self).email
            try await ListService.withdrawInvitation(email, of: list, on: request.context)
            request.flash(.success, request.text("lists_invitationWithdrawn", ["email": email ?? ""]))
        }
    }

    @Sendable static func acceptInvitation(_ request: Request) async throws -> Response {
        let list = try await InvitationService.accept(request.id(.invitation), on: request.context)
        request.flash(.success, request.text("lists_joined", ["name": list.name]))
        return request.redirect(to: ListsURL.list(id: list.id))
    }

    @Sendable static func declineInvitation(_ request: Request) async throws -> Response {
        try await InvitationService.decline(request.id(.invitation), on: request.context)
        request.flash(.success, request.text("lists_invitationDeclined"))
        return request.redirect(to: ListsURL.index)
    }

    @Sendable static func removeMember(_ request: Request) async throws -> Response {
        try await change(request) { list in
            guard let userID = request.id(.user) else { throw Abort(.notFound) }
            try await ListService.remove(userID, from: list, on: request.context)
        }
    }

    @Sendable static func leave(_ request: Request) async throws -> Response {
        let list = try await list(request)
        return try await request.change {
            try await ListService.remove(try request.auth.require(User.self).requireID(), from: list, on: request.context)
            request.flash(.success, request.text("lists_left", ["name": list.name]))
            return ListsURL.index
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, status: status)
        }
    }

    /// Runs a change on the user's list and shows the list again (with the problem, if refused).
    private static func change(_ request: Request, _ body: (ShoppingList) async throws -> Void) async throws -> Response {
        let list = try await list(request)
        return try await request.change {
            try await body(list)
            return ListsURL.list(id: list.id)
        } showAgain: { errors, status in
            return try await render(list, request, errors: errors, status: status)
        }
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request.context)
    }

    static func render(_ list: ShoppingList, _ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await ListPresentation.page(list, request.context, query: try request.query.decode(ListQuery.self), errors: errors)
        return try await request.renderPage("Lists/show", title: "lists_title", content: view, status: status, activeModule: .lists)
    }
}
