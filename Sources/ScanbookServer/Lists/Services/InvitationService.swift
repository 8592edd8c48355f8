import Fluent
import Foundation
import Vapor

/// Invitations as the invited person sees them: pending ones for their address, shown after they
/// sign in, each accepted (a membership) or declined (gone) by them alone.
enum InvitationService {
    struct Pending: Sendable {
        let invitation: ListInvitation
        let list: ShoppingList
        let ownerName: String
    }

    static func pending(for context: ServiceContext) async throws -> [Pending] {
        let user = try context.requireUser()
        let invitations = try await ListInvitation.query(on: context.db).filter(\.$email == user.email)
            .with(\.$list) { $0.with(\.$owner) }.sort(\.$createdAt).all()
        return invitations.map { Pending(invitation: $0, list: $0.list, ownerName: $0.list.owner.name) }
    }

    /// How many wait for me (the home tile), without loading their lists.
    static func pendingCount(for context: ServiceContext) async throws -> Int {
        try await ListInvitation.query(on: context.db).filter(\.$email == (try context.requireUser().email)).count()
    }

    /// Accepts one of my invitations: I join the list (its seat was taken when I was invited).
    @discardableResult
    static func accept(_ id: UUID?, on context: ServiceContext) async throws -> ShoppingList {
        let invitation = try await mine(id, on: context)
        let userID = try context.requireUser().requireID()
        let listID = invitation.$list.id
        try await context.db.writeTransaction { database in
            try await ListService.lockSeats(of: listID, on: database)
            // Under the list's lock: a second accept of the same invitation finds it gone.
            let row = ListInvitation.query(on: database).filter(\.$id == (try invitation.requireID()))
            guard try await row.copy().count() > 0 else { throw Abort(.notFound) }
            try await row.delete()
            let already = try await ListMembership.query(on: database).filter(\.$list.$id == listID).filter(\.$user.$id == userID).count()
            if already == 0 { try await ListMembership(listID: listID, userID: userID).create(on: database) }
        }
        guard let list = try await ShoppingList.find(listID, on: context.db) else { throw Abort(.notFound) }
        context.announce(.members, on: list)
        return list
    }

    static func decline(_ id: UUID?, on context: ServiceContext) async throws {
        let invitation = try await mine(id, on: context)
        try await invitation.delete(on: context.db)
        if let list = try await ShoppingList.find(invitation.$list.id, on: context.db) { context.announce(.members, on: list) }
    }

    /// An invitation to my address, or 404 (someone else's invitation does not exist for me).
    private static func mine(_ id: UUID?, on context: ServiceContext) async throws -> ListInvitation {
        let user = try context.requireUser()
        guard let id, let invitation = try await ListInvitation.query(on: context.db).filter(\.$id == id).filter(\.$email == user.email).first()
        else { throw Abort(.notFound) }
        return invitation
    }
}
