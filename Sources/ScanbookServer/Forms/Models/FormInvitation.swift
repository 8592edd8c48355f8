import Fluent
import Foundation

/// The owner's offer of a template to an address, to read or to edit. It gives no access until a
/// user with that address accepts it (it then becomes a `FormShare`); sharing answers the same
/// whether or not the address has an account, so the owner learns nothing about who is registered.
final class FormInvitation: Model, @unchecked Sendable {
    static let schema = "form_invitations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "template_id") var template: FormTemplate
    /// Normalized (`EmailAddress`).
    @Field(key: "email") var email: String
    @Field(key: "can_edit") var canEdit: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(templateID: UUID, email: String, canEdit: Bool) {
        self.$template.id = templateID
        self.email = email
        self.canEdit = canEdit
    }
}
