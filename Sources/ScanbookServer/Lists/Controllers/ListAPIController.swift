import Fluent
import Foundation
import Vapor

/// `/api/v1/lists…`: the same services as the pages, answering JSON.
enum ListAPIController {
    @Sendable static func lists(_ request: Request) async throws -> [ShoppingListDTO] {
        var lists: [ShoppingListDTO] = []
        for list in try await ListService.lists(for: request.context) { lists.append(try await ListService.dto(list, on: request.db)) }
        return lists
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let list = try await ListService.create(named: try request.content.decode(ListNameForm.self).name, on: request.context)
        return try await request.created(ListService.dto(list, on: request.db), at: ListsAPIRoute.list(id: list.id))
    }

    @Sendable static func show(_ request: Request) async throws -> ShoppingListDTO {
        try await ListService.dto(try await list(request), on: request.db)
    }

    @Sendable static func rename(_ request: Request) async throws -> ShoppingListDTO {
        let list = try await list(request)
        try await ListService.rename(list, to: try request.content.decode(ListNameForm.self).name, on: request.context)
        return try await ListService.dto(list, on: request.db)
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        try await ListService.delete(try await list(request), on: request.context)
        return .noContent
    }

    /// Left out: by time; a value the document does not list is a mistake worth saying.
    private static func sort(_ text: String?) throws -> ItemService.Sort {
        guard let text else { return .time }
        guard let sort = ItemService.Sort(rawValue: text) else { throw Abort(.badRequest, reason: "sort must be time, name or category") }
        return sort
    }

    /// `?category=…&sort=time|name|category`; open items first, then bought ones.
    @Sendable static func items(_ request: Request) async throws -> Response {
        let query = try request.query.decode(ListQuery.self)
        let (open, bought) = try await ItemService.items(
            of: try await list(request), category: query.category, sort: try sort(query.sort), on: request.db
        )
        return try await request.paginated(try (open + bought).map(ListItemDTO.init))
    }

    @Sendable static func addItem(_ request: Request) async throws -> Response {
        let list = try await list(request)
        let item = try await ItemService.add(try request.content.decode(ItemInput.self), to: list, on: request.context)
        return try await request.created(ListItemDTO(item), at: ListsAPIRoute.item(id: list.id, item: item.id))
    }

    @Sendable static func updateItem(_ request: Request) async throws -> ListItemDTO {
        let list = try await list(request)
        let item = try await ItemService.find(request.id(.item), in: list, on: request.context)
        try await ItemService.update(item, in: list, with: try request.content.decode(ItemInput.self), on: request.context)
        return try ListItemDTO(item)
    }

    @Sendable static func deleteItem(_ request: Request) async throws -> HTTPStatus {
        let list = try await list(request)
        try await ItemService.delete(try await ItemService.find(request.id(.item), in: list, on: request.context), in: list, on: request.context)
        return .noContent
    }

    @Sendable static func clear(_ request: Request) async throws -> HTTPStatus {
        try await ItemService.clearBought(try await list(request), on: request.context)
        return .noContent
    }

    @Sendable static func invite(_ request: Request) async throws -> ShoppingListDTO {
        let list = try await list(request)
        try await ListService.invite(try request.content.decode(InviteForm.self).email, to: list, on: request.context)
        return try await ListService.dto(list, on: request.db)
    }

    @Sendable static func withdrawInvitation(_ request: Request) async throws -> ShoppingListDTO {
        let list = try await list(request)
        let email = request.text(.email).map { $0.removingPercentEncoding ?? $0 }
        try await ListService.withdrawInvitation(email, of: list, on: request.context)
        return try await ListService.dto(list, on: request.db)
    }

    @Sendable static func myInvitations(_ request: Request) async throws -> [InvitationDTO] {
        try await InvitationService.pending(for: request.context).map(InvitationDTO.init)
    }

    @Sendable static func acceptInvitation(_ request: Request) async throws -> ShoppingListDTO {
        let list = try await InvitationService.accept(request.id(.invitation), on: request.context)
        return try await ListService.dto(list, on: request.db)
    }

    @Sendable static func declineInvitation(_ request: Request) async throws -> HTTPStatus {
        try await InvitationService.decline(request.id(.invitation), on: request.context)
        return .noContent
    }

    /// The owner removes a member, or a member removes themselves (leaves).
    @Sendable static func removeMember(_ request: Request) async throws -> HTTPStatus {
        guard let userID = request.id(.user) else { throw Abort(.notFound) }
        try await ListService.remove(userID, from: try await list(request), on: request.context)
        return .noContent
    }

    private static func list(_ request: Request) async throws -> ShoppingList {
        try await ListService.find(request.id(.list), on: request.context)
    }
}
