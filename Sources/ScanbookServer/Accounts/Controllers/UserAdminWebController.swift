import Fluent
import Vapor

/// The administrators' users page: every account, and a new password for someone who forgot theirs
/// (the way without a mail relay). Everyone else gets 403.
enum UserAdminWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await render(request, errors: [:])
    }

    @Sendable static func setPassword(_ request: Request) async throws -> Response {
        let admin = try request.auth.require(User.self)
        guard let userID = request.id(.user), let user = try await User.find(userID, on: request.db) else { throw Abort(.notFound) }
        let form = try request.content.decode(NewPasswordForm.self)
        return try await request.change {
            guard form.new == form.confirm else { throw UserFacingError(.unprocessableEntity, "settings_passwordsDiffer") }
            // An administrator setting their own password here stays signed in on this browser.
            let keeping = user.id == admin.id ? request.signedInSessionHash : nil
            try await request.accounts.changePassword(user, to: form.new, keeping: keeping, revokeTokens: false)
            request.application.listLive.disconnect(user: userID, keeping: keeping)
            request.flash(.success, request.text("users_passwordSet", ["name": user.name]))
            return AccountURL.users
        } showAgain: { errors, status in
            try await render(request, errors: [userID: errors], status: status)
        }
    }

    private static func render(_ request: Request, errors: [UUID: [String]], status: HTTPStatus = .ok) async throws -> Response {
        let users = try await User.query(on: request.db).sort(\.$email).all()
        let view = UsersView(rows: try users.map { user in
            let id = try user.requireID()
            return UsersView.Row(
                id: id.uuidString, name: user.name, email: user.email, isAdmin: user.isAdmin,
                created: Formatting.dateTime(user.createdAt, locale: request.locale),
                passwordAction: AccountURL.userPassword(id: id).path, errors: errors[id] ?? []
            )
        })
        return try await request.renderPage("Accounts/users", title: "users_title", content: view, status: status)
    }
}

/// Lets only administrators through; others learn nothing but "forbidden".
struct AdminOnlyMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.auth.get(User.self)?.isAdmin == true else { throw Abort(.forbidden) }
        return try await next.respond(to: request)
    }
}
