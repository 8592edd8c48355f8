import Fluent
import ScanbookCore
import Vapor

extension AccountWebController {
    @Sendable static func showRegister(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: .home) }
        return try await request.renderPage("Accounts/register", title: "register_title", content: request.registerView())
    }

    @Sendable static func register(_ request: Request) async throws -> Response {
        let form = try request.content.decode(RegisterForm.self)
        var view = request.registerView()
        view.name = form.name
        view.email = form.email
        do {
            guard request.scanbookConfig.registrationOpen else { throw UserFacingError(.forbidden, "register_closed") }
            // Check the picture before anything is stored, so a bad file leaves no account behind.
            let avatar = try form.chosenAvatar.map { file throws(UserFacingError) in try request.checkImageUpload(file) }
            let user = try await request.accounts.register(
                .init(name: form.name, email: form.email, password: form.password, client: request.clientKey, locale: request.locale)
            ) { user, database in
                guard let avatar else { return }
                let blob = try await request.storeBlob(avatar, owner: user.requireID(), on: database)
                user.$avatar.id = try blob.requireID()
                try await user.save(on: database)
            }
            request.startSignedInSession(as: user)
            request.flash(.success, request.text("register_welcome", ["name": user.name]))
            return request.redirect(to: .home)
        } catch let error as UserFacingError {
            view.errors = error.messages(for: request)
            return try await request.renderPage("Accounts/register", title: "register_title", content: view, status: error.status)
        }
    }
}

extension Request {
    fileprivate func registerView() -> RegisterView {
        RegisterView(
            registrationOpen: scanbookConfig.registrationOpen,
            maxUpload: ByteCount(scanbookConfig.maxUploadBytes).description
        )
    }
}
