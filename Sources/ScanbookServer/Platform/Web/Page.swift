import Vapor

/// What every page template receives: the shell (navigation, user, language, CSRF token, flash
/// messages, message catalogue `t`) around the page's own view model `content`.
struct Page<Content: Encodable>: Encodable {
    let title: String
    let t: [String: String]
    let lang: String
    let languages: [LanguageOption]
    let csrf: String
    let flash: [FlashMessage]
    let user: UserSummary?
    let nav: [NavLink]
    let urls: ShellURLs
    /// The upload limit in bytes: every file field is checked against it before sending.
    let maxUploadBytes: Int
    let content: Content
}

struct LanguageOption: Encodable {
    let code: String
    let name: String
    let selected: Bool
}

struct NavLink: Encodable {
    let label: String
    let url: String
    let active: Bool
}

struct UserSummary: Encodable {
    let name: String
    let email: String
    let isAdmin: Bool
    let avatarURL: String?

    init(_ user: User) {
        name = user.name
        email = user.email
        isAdmin = user.isAdmin
        avatarURL = user.$avatar.id.map { SiteURL.blob(id: $0).path }
    }
}

/// Links the layout needs on every page.
struct ShellURLs: Encodable {
    let home = SiteURL.home.path
    let login = SiteURL.login.path
    let register = SiteURL.register.path
    let logout = SiteURL.logout.path
    let settings = SiteURL.settings.path
    let language = SiteURL.language.path
    let captures = SiteURL.captures.path
    /// Administrators' users page (the menu shows it to them only).
    let users = AccountURL.users.path
    let exchangeRates = AccountURL.exchangeRates.path
}

struct NoContent: Encodable {}

extension Request {
    /// Renders `Resources/Views/<template>.leaf` inside the shell.
    func renderPage<Content: Encodable>(
        _ template: String,
        title titleKey: String,
        content: Content,
        status: HTTPStatus = .ok,
        activeModule: Module? = nil
    ) async throws -> Response {
        let locale = self.locale
        let catalogue = application.localizer.catalogue(locale)
        let user = auth.get(User.self)
        let page = Page(
            title: catalogue[titleKey] ?? titleKey,
            t: catalogue,
            lang: locale,
            languages: application.localizer.supported.map {
                LanguageOption(code: $0, name: application.localizer.text("language_name", locale: $0), selected: $0 == locale)
            },
            csrf: csrfToken,
            // A page fetching a fresh copy of itself (live lists) must not eat the messages meant
            // for the page the browser loads next.
            flash: headers.first(name: "X-Scanbook-Refresh") == nil ? takeFlash() : [],
            user: user.map(UserSummary.init),
            nav: user == nil ? [] : application.menuModules.map {
                NavLink(label: catalogue["module_\($0.rawValue)"] ?? $0.rawValue, url: SiteURL.module($0).path, active: $0 == activeModule)
            },
            urls: ShellURLs(),
            maxUploadBytes: scanbookConfig.maxUploadBytes,
            content: content
        )
        let response = try await view.render(template, page).encodeResponse(for: self)
        response.status = status
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func redirect(to url: some SitePath) -> Response {
        redirect(to: url.path, redirectType: .normal)
    }

    /// The platform's pages by their short names (`.settings`).
    func redirect(to url: SiteURL) -> Response {
        redirect(to: url.path, redirectType: .normal)
    }
}
