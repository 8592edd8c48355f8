import Fluent
import Vapor

/// "Forgot password?": ask for a link by e-mail, then set a new password on the link's page.
/// Without a mail relay the page says to ask the administrator, and no link is made.
extension AccountWebController {
    @Sendable static func showForgotPassword(_ request: Request) async throws -> Response {
        try await request.renderForgotPassword(ForgotPasswordView(mailConfigured: request.application.mailSender != nil))
    }

    /// Answers the same whether or not the address has an account.
    @Sendable static func requestPasswordReset(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ForgotPasswordForm.self)
        var view = ForgotPasswordView(email: String(form.email.prefix(254)), mailConfigured: request.application.mailSender != nil)
        guard view.mailConfigured else { return try await request.renderForgotPassword(view) }
        do {
            if let link = try await request.passwordResets.request(email: form.email, client: request.clientKey) {
                request.application.sendInBackground(request.resetMail(to: link.user, secret: link.secret), purpose: "password reset link")
            }
            view.sent = true
            return try await request.renderForgotPassword(view)
        } catch let error as UserFacingError {
            view.errors = error.messages(for: request)
            let response = try await request.renderForgotPassword(view, status: error.status)
            response.headers.add(contentsOf: error.headers)
            return response
        }
    }

    @Sendable static func showResetPassword(_ request: Request) async throws -> Response {
        let secret = request.text(.resetToken) ?? ""
        guard try await request.passwordResets.user(for: secret) != nil else {
            return try await request.renderResetPassword(ResetPasswordView(action: nil), status: .notFound)
        }
        return try await request.renderResetPassword(ResetPasswordView(action: AccountURL.resetPassword(token: secret).path))
    }

    @Sendable static func resetPassword(_ request: Request) async throws -> Response {
        let secret = request.text(.resetToken) ?? ""
        let form = try request.content.decode(NewPasswordForm.self)
        var view = ResetPasswordView(action: AccountURL.resetPassword(token: secret).path)
        do {
            guard form.new == form.confirm else { throw UserFacingError(.unprocessableEntity, "settings_passwordsDiffer") }
            let user = try await request.passwordResets.complete(secret: secret, password: form.new)
            request.application.listLive.disconnect(user: try user.requireID(), keeping: nil)
            if request.auth.get(User.self)?.id == user.id {
                request.auth.logout(User.self)
                request.session.destroy()
            }
            // A visitor has no stored session to carry a flash message: the login page reads this.
            return request.redirect(to: SiteURL.login.path(query: [("reset", "done")]), redirectType: .normal)
        } catch let error as UserFacingError {
            if error.problems == PasswordResetService.invalidLink.problems { view = ResetPasswordView(action: nil) }
            view.errors = error.messages(for: request)
            return try await request.renderResetPassword(view, status: error.status)
        }
    }
}

extension Request {
    fileprivate func renderForgotPassword(_ view: ForgotPasswordView, status: HTTPStatus = .ok) async throws -> Response {
        try await renderPage("Accounts/forgot-password", title: "reset_title", content: view, status: status)
    }

    fileprivate func renderResetPassword(_ view: ResetPasswordView, status: HTTPStatus = .ok) async throws -> Response {
        try await renderPage("Accounts/reset-password", title: "reset_new_title", content: view, status: status)
    }

    /// In the account's language, else the one the request was made in. The link's host is the
    /// configured public address, never the request's Host header, which the asker controls.
    fileprivate func resetMail(to user: User, secret: String) -> MailMessage {
        let localizer = application.localizer
        let language = user.locale.flatMap { localizer.catalogues[$0] != nil ? $0 : nil } ?? locale
        let link = scanbookConfig.linkBase + AccountURL.resetPassword(token: secret).path
        return MailMessage(
            to: user.email,
            subject: localizer.text("reset_mail_subject", locale: language),
            text: localizer.text("reset_mail_body", locale: language, ["name": user.name, "email": user.email, "link": link])
        )
    }
}
