import Fluent
import Vapor

/// Log-in and log-out pages. Stateless: every handler works from the request alone.
enum AccountWebController {
    @Sendable static func showLogin(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: .home) }
        let notice = request.query[String.self, at: "reset"] == "done" ? request.text("reset_done") : nil
        return try await request.renderPage(
            "Accounts/login", title: "login_title",
            content: LoginView(registrationOpen: request.scanbookConfig.registrationOpen, notice: notice)
        )
    }

    @Sendable static func login(_ request: Request) async throws -> Response {
        let form = try request.content.decode(LoginForm.self)
        do {
            let user = try await request.accounts.authenticate(email: form.email, password: form.password, client: request.clientKey, now: request.now)
            request.startSignedInSession(as: user)
            return request.redirect(to: .home)
        } catch let error as UserFacingError {
            let response = try await request.renderPage(
                "Accounts/login", title: "login_title",
                content: LoginView(
                    email: form.email, errors: error.messages(for: request),
                    registrationOpen: request.scanbookConfig.registrationOpen
                ),
                status: error.status
            )
            response.headers.add(contentsOf: error.headers)
            return response
        }
    }

    @Sendable static func logout(_ request: Request) async throws -> Response {
        if let session = request.signedInSessionHash { request.application.listLive.disconnect(session: session) }
        request.auth.logout(User.self)
        request.session.destroy()
        return request.redirect(to: .login)
    }
}

extension Request {
    /// Logs the user in under a fresh session id, so an id planted before login is worthless after it.
    func startSignedInSession(as user: User) {
        if let oldID = session.id {
            session.id = nil
            _ = application.sessions.driver.deleteSession(oldID, for: self)
        }
        session.data[CSRFMiddleware.field] = nil
        auth.login(user)
        session.authenticate(user)
    }
}
