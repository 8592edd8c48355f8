import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Vapor

/// Lists and their members. Every lookup goes through membership: a list the user is not on is a
/// plain 404, whatever the URL or API call.
enum ListService {
    static let maximumNameLength = 60

    /// The user's lists, private first, then by name; creates the private list on first use.
    static func lists(for context: ServiceContext) async throws -> [ShoppingList] {
        let user = try context.requireUser()
        try await prepare(user, on: context)
        let userID = try user.requireID()
        let listIDs = try await ListMembership.query(on: context.db).filter(\.$user.$id == userID).all().map(\.$list.id)
        guard !listIDs.isEmpty else { return [] }
        return try await ShoppingList.query(on: context.db).filter(\.$id ~~ listIDs).all()
            .sorted { ($0.isPrivate ? 0 : 1, $0.name.lowercased()) < ($1.isPrivate ? 0 : 1, $1.name.lowercased()) }
    }

    /// The list if the user is a member, or 404.
    static func find(_ id: UUID?, on context: ServiceContext) async throws -> ShoppingList {
        let user = try context.requireUser()
        try await prepare(user, on: context)
        guard let id, let list = try await ShoppingList.find(id, on: context.db),
              try await ListMembership.query(on: context.db).filter(\.$list.$id == id).filter(\.$user.$id == user.requireID()).count() > 0
        else { throw Abort(.notFound) }
        return list
    }

    static func create(named name: String?, on context: ServiceContext) async throws -> ShoppingList {
        let userID = try context.requireUser().requireID()
        let list = ShoppingList(ownerID: userID, name: try validName(name), isPrivate: false, currency: context.homeCurrency)
        try await context.db.writeTransaction { database in
            try await list.create(on: database)
            try await ListMembership(listID: list.requireID(), userID: userID).create(on: database)
        }
        return list
    }

    static func rename(_ list: ShoppingList, to name: String?, on context: ServiceContext) async throws {
        try requireOwner(list, context)
        list.name = try validName(name)
        try await list.save(on: context.db)
        context.announce(.list, on: list)
    }

    /// Owner only; the private list stays (there is always one).
    static func delete(_ list: ShoppingList, on context: ServiceContext) async throws {
        try requireOwner(list, context)
        guard !list.isPrivate else { throw UserFacingError(.conflict, "lists_privateKept") }
        try await context.db.writeTransaction { database in
            let id = try list.requireID()
            try await ListItem.query(on: database).filter(\.$list.$id == id).delete()
            try await ExpenseShare.query(on: database).filter(\.$listID == id).delete()
            try await ListExpense.query(on: database).filter(\.$list.$id == id).delete()
            try await ListPayment.query(on: database).filter(\.$list.$id == id).delete()
            try await ListInvitation.query(on: database).filter(\.$list.$id == id).delete()
            try await ListMembership.query(on: database).filter(\.$list.$id == id).delete()
            try await list.delete(on: database)
        }
        context.announce(.deleted, on: list)
    }

    /// Owner only. The address gets a pending invitation whether or not it has an account: joining
    /// a list shares money data, so the invited person accepts it themselves after signing in
    /// (`InvitationService`), and the owner never learns whether the address is registered. At most
    /// `maximumExtraMembers` besides the owner, invitations included.
    static func invite(_ rawEmail: String?, to list: ShoppingList, on context: ServiceContext) async throws {
        try requireOwner(list, context)
        guard !list.isPrivate else { throw UserFacingError(.conflict, "lists_privateNoMembers") }
        let email: EmailAddress
        do { email = try EmailAddress(rawEmail ?? "") } catch { throw UserFacingError(.unprocessableEntity, "lists_invalidEmail") }
        let listID = try list.requireID()
        try await context.db.writeTransaction { database in
            try await lockSeats(of: listID, on: database)
            let members = try await ListMembership.query(on: database).filter(\.$list.$id == listID).with(\.$user).all()
            let invitations = try await ListInvitation.query(on: database).filter(\.$list.$id == listID).all()
            if members.contains(where: { $0.user.email == email.value }) || invitations.contains(where: { $0.email == email.value }) {
                throw UserFacingError(.conflict, "lists_alreadyMember", ["email": email.value])
            }
            guard members.count - 1 + invitations.count < ShoppingList.maximumExtraMembers else {
                throw UserFacingError(.conflict, "lists_tooManyMembers", ["maximum": "\(ShoppingList.maximumExtraMembers)"])
            }
            try await ListInvitation(listID: listID, email: email.value).create(on: database)
        }
        context.announce(.members, on: list)
    }

    /// Serializes changes to one list's members and invitations: on PostgreSQL two invitations at
    /// once would otherwise both pass the seat count (SQLite writes one at a time anyway).
    static func lockSeats(of listID: UUID, on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT id FROM \(ident: ShoppingList.schema) WHERE id = \(bind: listID) FOR UPDATE").run()
    }

    /// The owner removes someone, or a member removes themselves (leaves). The owner cannot leave
    /// their own list; items and expenses they added stay.
    static func remove(_ userID: UUID, from list: ShoppingList, on context: ServiceContext) async throws {
        let me = try context.requireUser().requireID()
        guard userID == me || list.$owner.id == me else { throw Abort(.forbidden) }
        guard userID != list.$owner.id else { throw UserFacingError(.conflict, "lists_ownerStays") }
        let membership = ListMembership.query(on: context.db).filter(\.$list.$id == (try list.requireID())).filter(\.$user.$id == userID)
        guard try await membership.copy().count() > 0 else { throw Abort(.notFound) }
        try await membership.delete()
        context.application.listLive.disconnect(user: userID, from: try list.requireID())
        context.announce(.members, on: list)
    }

    /// The owner withdraws a pending invitation (404 when there is none for that address).
    static func withdrawInvitation(_ rawEmail: String?, of list: ShoppingList, on context: ServiceContext) async throws {
        try requireOwner(list, context)
        let email = (try? EmailAddress(rawEmail ?? ""))?.value ?? ""
        let invitation = ListInvitation.query(on: context.db).filter(\.$list.$id == (try list.requireID())).filter(\.$email == email)
        guard try await invitation.copy().count() > 0 else { throw Abort(.notFound) }
        try await invitation.delete()
        context.announce(.members, on: list)
    }

    static func members(of list: ShoppingList, on database: any Database) async throws -> (members: [User], pending: [String]) {
        let listID = try list.requireID()
        let members = try await ListMembership.query(on: database).filter(\.$list.$id == listID).with(\.$user).sort(\.$createdAt).all().map(\.user)
        let pending = try await ListInvitation.query(on: database).filter(\.$list.$id == listID).sort(\.$createdAt).all().map(\.email)
        return (members, pending)
    }

    static func dto(_ list: ShoppingList, on database: any Database) async throws -> ShoppingListDTO {
        let (members, pending) = try await members(of: list, on: database)
        return ShoppingListDTO(
            id: try list.requireID(), name: list.name, isPrivate: list.isPrivate, owner: list.$owner.id,
            members: try members.map { .init(id: try $0.requireID(), name: $0.name, isOwner: $0.id == list.$owner.id) },
            pendingInvitations: pending
        )
    }

    static func requireOwner(_ list: ShoppingList, _ context: ServiceContext) throws {
        guard try list.$owner.id == context.requireUser().requireID() else { throw UserFacingError(.forbidden, "lists_ownerOnly") }
    }

    private static func prepare(_ user: User, on context: ServiceContext) async throws {
        try await prepare(user, on: context.db)
    }

    /// Accounts made before private lists were created at registration get theirs on first use.
    private static func prepare(_ user: User, on database: any Database) async throws {
        let userID = try user.requireID()
        guard try await ShoppingList.query(on: database).filter(\.$owner.$id == userID).filter(\.$isPrivate == true).count() == 0 else { return }
        do {
            try await database.writeTransaction { database in try await createPrivateList(for: userID, on: database) }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another request created it first (a unique index keeps it at one).
        }
    }

    /// The user's private list, unless they have one.
    static func createPrivateList(for userID: UUID, on database: any Database) async throws {
        guard try await ShoppingList.query(on: database).filter(\.$owner.$id == userID).filter(\.$isPrivate == true).count() == 0 else { return }
        // No currency: a private list has no expenses.
        let list = ShoppingList(ownerID: userID, name: "", isPrivate: true, currency: nil)
        try await list.create(on: database)
        try await ListMembership(listID: list.requireID(), userID: userID).create(on: database)
    }

    private static func validName(_ name: String?) throws -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw UserFacingError(.unprocessableEntity, "lists_nameRequired") }
        guard !name.exceedsDocumentedLength(maximumNameLength) else { throw UserFacingError(.unprocessableEntity, "lists_nameTooLong", ["maximum": "\(maximumNameLength)"]) }
        return trimmed
    }
}
