import Fluent
import Foundation
import Vapor

/// What a user may do with a template: its owner everything; a share to edit changes it, scans
/// and corrects; a share to read sees it, its scans and results. Anyone else gets 404, so an id
/// reveals nothing; a reader trying to change gets 403.
enum FormAccess: Int, Comparable, Sendable {
    case read, edit, owner

    static func < (lhs: FormAccess, rhs: FormAccess) -> Bool { lhs.rawValue < rhs.rawValue }

    var name: String {
        switch self {
        case .read: "read"
        case .edit: "edit"
        case .owner: "owner"
        }
    }
}

extension FormTemplate {
    /// The template with `id` and the signed-in user's access to it; 404 without access, 403 when
    /// the access is less than `needed`.
    static func find(_ id: UUID?, needing needed: FormAccess, on context: ServiceContext) async throws -> (template: FormTemplate, access: FormAccess) {
        let userID = try context.requireUser().requireID()
        guard let id, let template = try await FormTemplate.find(id, on: context.db) else { throw Abort(.notFound) }
        let access: FormAccess
        if template.$owner.id == userID {
            access = .owner
        } else if let share = try await FormShare.query(on: context.db).filter(\.$template.$id == id).filter(\.$user.$id == userID).first() {
            access = share.canEdit ? .edit : .read
        } else {
            throw Abort(.notFound)
        }
        guard access >= needed else { throw UserFacingError(.forbidden, "forms_readOnly") }
        return (template, access)
    }
}
