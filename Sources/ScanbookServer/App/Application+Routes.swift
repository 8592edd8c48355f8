import Vapor

extension Application {
    func registerRoutes() throws {
        // Room for one file at the limit plus its multipart envelope; the file itself is checked exactly.
        let maxUpload = ByteCount(value: scanbookConfig.maxUploadBytes + 1_000_000)

        get(SiteURL.healthz.pathComponents, use: HealthController.healthz)
        get(SiteURL.readyz.pathComponents, use: HealthController.readyz)

        // Web pages: cookie sessions, so every state-changing form carries the CSRF token.
        let web = grouped(User.sessionAuthenticator(), CSRFMiddleware())
        web.get(SiteURL.login.pathComponents, use: AccountWebController.showLogin)
        web.post(SiteURL.login.pathComponents, use: AccountWebController.login)
        web.get(SiteURL.register.pathComponents, use: AccountWebController.showRegister)
        web.upload(.POST, SiteURL.register.pathComponents, limit: maxUpload, use: AccountWebController.register)
        web.post(SiteURL.language.pathComponents, use: AccountWebController.changeLanguage)

        let signedIn = web.grouped(User.redirectMiddleware(path: SiteURL.login.path))
        signedIn.get(SiteURL.home.pathComponents, use: ShellController.home)
        signedIn.post(SiteURL.logout.pathComponents, use: AccountWebController.logout)
        signedIn.get(SiteURL.settings.pathComponents, use: AccountWebController.showSettings)
        signedIn.post(SiteURL.changePassword.pathComponents, use: AccountWebController.changePassword)
        signedIn.upload(.POST, SiteURL.avatar.pathComponents, limit: maxUpload, use: AccountWebController.changeAvatar)
        signedIn.post(SiteURL.apiTokens.pathComponents, use: AccountWebController.createToken)
        signedIn.post(SiteURL.revokeAPIToken(id: nil).pathComponents, use: AccountWebController.revokeToken)
        signedIn.get(SiteURL.blob(id: nil).pathComponents, use: BlobController.show)
        signedIn.get(SiteURL.captures.pathComponents, use: CaptureWebController.index)
        signedIn.upload(.POST, SiteURL.captures.pathComponents, limit: maxUpload, use: CaptureWebController.create)
        signedIn.get(SiteURL.capture(id: nil).pathComponents, use: CaptureWebController.show)
        for module in Module.allCases where ![.receipts, .meters, .lists].contains(module) {
            signedIn.get(SiteURL.module(module).pathComponents, use: ShellController.comingSoon(module))
        }

        // JSON API: bearer tokens only, never the session cookie (so no CSRF exposure).
        get(SiteURL.api(.openAPI).pathComponents, use: AccountAPIController.openAPIDocument)
        post(SiteURL.api(.register).pathComponents, use: AccountAPIController.register)
        post(SiteURL.api(.login).pathComponents, use: AccountAPIController.login)
        let authenticated = grouped(APITokenAuthenticator(), User.guardMiddleware())
        authenticated.get(SiteURL.api(.me).pathComponents, use: AccountAPIController.me)
        authenticated.get(SiteURL.api(.tokens).pathComponents, use: AccountAPIController.listTokens)
        authenticated.post(SiteURL.api(.tokens).pathComponents, use: AccountAPIController.createToken)
        authenticated.delete(SiteURL.api(.token(id: nil)).pathComponents, use: AccountAPIController.deleteToken)
        authenticated.upload(.POST, SiteURL.api(.captures).pathComponents, limit: maxUpload, use: CaptureAPIController.create)
        authenticated.get(SiteURL.api(.captures).pathComponents, use: CaptureAPIController.list)
        authenticated.get(SiteURL.api(.capture(id: nil)).pathComponents, use: CaptureAPIController.show)

        registerReceiptRoutes(web: signedIn, api: authenticated, maxUpload: maxUpload)
        registerMeterRoutes(web: signedIn, api: authenticated, maxUpload: maxUpload)
        registerListRoutes(web: signedIn, api: authenticated, maxUpload: maxUpload)
    }
}
