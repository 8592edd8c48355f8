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

    static func pending(for request: Request) async throws -> [Pending] {
        let user = try request.auth.require(User.self)
        let invitations = try await ListInvitation.query(on: request.db).filter(\.$email == user.email)
            .with(\.$list) { $0.with(\.$owner) }.sort(\.$createdAt).all()
        return invitations.map { Pending(invitation: $0, list: $0.list, ownerName: $0.list.owner.name) }
    }

    /// How many wait for me (the home tile), without loading their lists.
    static func pendingCount(for request: Request) async throws -> Int {
        try await ListInvitation.query(on: request.db).filter(\.$email == (try request.auth.require(User.self).email)).count()
    }

    /// Accepts one of my invitations: I join the list (its seat was taken when I was invited).
    @discardableResult
    static func accept(_ id: UUID?, on request: Request) async throws -> ShoppingList {
        let invitation = try await mine(id, on: request)
        let userID = try request.auth.require(User.self).requireID()
        let listID = invitation.$list.id
        try await request.db.writeTransaction { database in
            try await ListService.lockSeats(of: listID, on: database)
            // Under the list's lock: a second accept of the same invitation finds it gone.
            let row = ListInvitation.query(on: database).filter(\.$id == (try invitation.requireID()))
            guard try await row.copy().count() > 0 else { throw Abort(.notFound) }
            try await row.delete()
            let already = try await ListMembership.query(on: database).filter(\.$list.$id == listID).filter(\.$user.$id == userID).count()
            if already == 0 { try await ListMembership(listID: listID, userID: userID).create(on: database) }
        }
        guard let list = try await ShoppingList.find(listID, on: request.db) else { throw Abort(.notFound) }
        request.announce(.members, on: list)
        return list
    }

    static func decline(_ id: UUID?, on request: Request) async throws {
        let invitation = try await mine(id, on: request)
        try await invitation.delete(on: request.db)
        if let list = try await ShoppingList.find(invitation.$list.id, on: request.db) { request.announce(.members, on: list) }
    }

    /// An invitation to my address, or 404 (someone else's invitation does not exist for me).
    private static func mine(_ id: UUID?, on request: Request) async throws -> ListInvitation {
        let user = try request.auth.require(User.self)
        guard let id, let invitation = try await ListInvitation.query(on: request.db).filter(\.$id == id).filter(\.$email == user.email).first()
        else { throw Abort(.notFound) }
        return invitation
    }
}
