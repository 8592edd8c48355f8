import Fluent
import SQLKit

/// Sharing a template becomes an invitation the other person accepts (issue 40).
struct CreateFormInvitations: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FormInvitation.schema)
            .id()
            .field("template_id", .uuid, .required, .references("form_templates", "id", onDelete: .cascade))
            .field("email", .string, .required)
            .field("can_edit", .bool, .required)
            .field("created_at", .datetime)
            .unique(on: "template_id", "email")
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "form_invitations_email_idx").on(FormInvitation.schema).column("email").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FormInvitation.schema).delete()
    }
}
