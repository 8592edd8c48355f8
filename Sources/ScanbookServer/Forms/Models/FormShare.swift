import Fluent
import Foundation
import Vapor

/// A template shared with another user, to read (see it, its scans and results) or to edit (also
/// change it, scan and correct).
final class FormShare: Model, @unchecked Sendable {
    static let schema = "form_shares"

    @ID(key: .id) var id: UUID?
    @Parent(key: "template_id") var template: FormTemplate
    @Parent(key: "user_id") var user: User
    @Field(key: "can_edit") var canEdit: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(templateID: UUID, userID: UUID, canEdit: Bool) {
        self.$template.id = templateID
        self.$user.id = userID
        self.canEdit = canEdit
    }
}
