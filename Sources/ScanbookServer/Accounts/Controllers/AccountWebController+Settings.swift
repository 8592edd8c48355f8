import Fluent
import ScanbookCore
import Vapor

/// The settings page: password, language, profile picture and API tokens.
extension AccountWebController {
    @Sendable static func showSettings(_ request: Request) async throws -> Response {
        try await request.renderSettings(try await AccountPresentation.settingsPage(request.context))
    }

    @Sendable static func changePassword(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let form = try request.content.decode(ChangePasswordForm.self)
        var view = try await AccountPresentation.settingsPage(request.context)
        return try await request.change {
            guard try await request.password.async.verify(form.current, created: user.passwordHash) else {
                throw UserFacingError(.unprocessableEntity, "settings_currentPasswordWrong")
            }
            guard form.new == form.confirm else { throw UserFacingError(.unprocessableEntity, "settings_passwordsDiffer") }
            let session = request.signedInSessionHash
            let revokeTokens = form.revokeTokens == "on"
            try await request.accounts.changePassword(user, to: form.new, keeping: session, revokeTokens: revokeTokens)
            request.application.listLive.disconnect(user: try user.requireID(), keeping: session)
            request.flash(.success, request.text(revokeTokens ? "settings_passwordChangedTokensRevoked" : "settings_passwordChanged"))
            return SiteURL.settings
        } showAgain: { errors, status in
            view.passwordErrors = errors
            return try await request.renderSettings(view, status: status)
        }
    }

    @Sendable static func changeAvatar(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let form = try request.content.decode(AvatarForm.self)
        return try await request.change {
            let upload = try request.checkImageUpload(form.avatar)
            let blob = try await request.storeBlob(upload, owner: user.requireID(), on: request.db)
            user.$avatar.id = try blob.requireID()
            try await user.save(on: request.db)
            request.flash(.success, request.text("settings_avatarChanged"))
            return SiteURL.settings
        } showAgain: { errors, status in
            var view = try await AccountPresentation.settingsPage(request.context)
            view.avatarErrors = errors
            return try await request.renderSettings(view, status: status)
        }
    }

    /// The home currency of budgets, meter costs and new lists (lists keep theirs).
    @Sendable static func changeCurrency(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let form = try request.content.decode(CurrencyForm.self)
        guard let code = CurrencyCode(form.currency) else {
            var view = try await AccountPresentation.settingsPage(request.context)
            view.currencyErrors = [request.text("settings_currencyInvalid", ["value": String(form.currency.prefix(20))])]
            return try await request.renderSettings(view, status: .unprocessableEntity)
        }
        user.currency = code.code
        try await user.save(on: request.db)
        request.flash(.success, request.text("settings_currencyChanged", ["currency": code.code]))
        return request.redirect(to: .settings)
    }

    /// Works signed in (saved with the account) and signed out (kept in a cookie).
    @Sendable static func changeLanguage(_ request: Request) async throws -> Response {
        let form = try request.content.decode(LanguageForm.self)
        guard request.application.localizer.catalogues[form.lang] != nil else {
            throw Abort(.badRequest, reason: request.text("language_unsupported"))
        }
        if let user = request.auth.get(User.self), user.locale != form.lang {
            user.locale = form.lang
            try await user.save(on: request.db)
            try await request.application.languageChanged(user, to: form.lang, on: request.db)
        }
        let back = request.headers.first(name: .referer).flatMap(URL.init(string:)).map(\.path) ?? SiteURL.home.path
        let response = request.redirect(to: back.hasPrefix("/") && !back.hasPrefix("//") ? back : SiteURL.home.path)
        response.cookies[Request.languageCookie] = HTTPCookies.Value(
            string: form.lang, maxAge: 365 * 24 * 3600, path: "/",
            isSecure: request.scanbookConfig.secureCookies, isHTTPOnly: true, sameSite: .lax
        )
        return response
    }

    @Sendable static func createToken(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let form = try request.content.decode(CreateTokenForm.self)
        do {
            let (_, secret) = try await APITokenService.create(for: user, name: form.name, on: request.db)
            var view = try await AccountPresentation.settingsPage(request.context)
            // Rendered, not redirected: the secret must not sit in the session waiting for the next page.
            view.newToken = secret
            return try await request.renderSettings(view, status: .created)
        } catch let error as UserFacingError {
            var view = try await AccountPresentation.settingsPage(request.context)
            view.tokenErrors = error.messages(for: request)
            return try await request.renderSettings(view, status: error.status)
        }
    }

    @Sendable static func revokeToken(_ request: Request) async throws -> Response {
        let user = try request.auth.require(User.self)
        let token = try await APIToken.find(request.id(.token), ownedBy: user, on: request.db)
        try await token.delete(on: request.db)
        request.flash(.success, request.text("settings_tokenRevoked", ["name": token.name]))
        return request.redirect(to: .settings)
    }
}

extension Request {
    fileprivate func renderSettings(_ view: SettingsView, status: HTTPStatus = .ok) async throws -> Response {
        try await renderPage("Accounts/settings", title: "settings_title", content: view, status: status)
    }
}
