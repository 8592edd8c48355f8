import Fluent
import Foundation
import Vapor

/// Template invitations as the invited person sees them: those to their address, each accepted
/// (a share) or declined (gone) by them alone.
enum FormInvitationService {
    struct Pending: Sendable {
        let invitation: FormInvitation
        let templateName: String
        let ownerName: String
    }

    static func pending(for context: ServiceContext) async throws -> [Pending] {
        let user = try context.requireUser()
        let invitations = try await FormInvitation.query(on: context.db).filter(\.$email == user.email)
            .with(\.$template) { $0.with(\.$owner) }.sort(\.$createdAt).all()
        return invitations.map { Pending(invitation: $0, templateName: $0.template.name, ownerName: $0.template.owner.name) }
    }

    /// Accepts one of my invitations: the template is shared with me, with the access offered.
    @discardableResult
    static func accept(_ id: UUID?, on context: ServiceContext) async throws -> FormTemplate {
        let invitation = try await mine(id, on: context)
        let userID = try context.requireUser().requireID()
        let templateID = invitation.$template.id
        try await context.db.writeTransaction { database in
            try await database.lockUntilCommit(templateID)
            // Under the template's lock: a second accept of the same invitation finds it gone.
            let row = FormInvitation.query(on: database).filter(\.$id == (try invitation.requireID()))
            guard let current = try await row.copy().first() else { throw Abort(.notFound) }
            try await row.delete()
            if let share = try await FormShare.query(on: database).filter(\.$template.$id == templateID).filter(\.$user.$id == userID).first() {
                share.canEdit = current.canEdit
                try await share.save(on: database)
            } else {
                try await FormShare(templateID: templateID, userID: userID, canEdit: current.canEdit).create(on: database)
            }
        }
        guard let template = try await FormTemplate.find(templateID, on: context.db) else { throw Abort(.notFound) }
        return template
    }

    static func decline(_ id: UUID?, on context: ServiceContext) async throws {
        try await mine(id, on: context).delete(on: context.db)
    }

    /// An invitation to my address, or 404 (someone else's invitation does not exist for me).
    private static func mine(_ id: UUID?, on context: ServiceContext) async throws -> FormInvitation {
        let user = try context.requireUser()
        guard let id, let invitation = try await FormInvitation.query(on: context.db).filter(\.$id == id).filter(\.$email == user.email).first()
        else { throw Abort(.notFound) }
        return invitation
    }
}
