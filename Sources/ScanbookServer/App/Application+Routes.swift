import Vapor

extension Application {
    /// Health checks, then (unless this is a worker instance) every served module's routes on the
    /// shared groups.
    func registerRoutes() throws {
        get(SiteURL.healthz.pathComponents, use: HealthController.healthz)
        get(SiteURL.readyz.pathComponents, use: HealthController.readyz)
        guard scanbookConfig.servesWeb else { return }

        // Web pages: cookie sessions, so every state-changing form carries the CSRF token.
        let visitorPages = grouped(User.sessionAuthenticator(), CSRFMiddleware())
        // JSON API: bearer tokens only, never the session cookie (so no CSRF exposure).
        let routes = ModuleRoutes(
            visitorPages: visitorPages,
            // A change sent again with the same Idempotency-Key (the offline queue's) is made once.
            pages: visitorPages.grouped(User.redirectMiddleware(path: SiteURL.login.path), OfflineActionMiddleware()),
            visitorAPI: self,
            // The token is checked before the body's syntax: without one, any body is a 401.
            api: CallerFirstRoutes(grouped(APITokenAuthenticator(), User.guardMiddleware(), OfflineActionMiddleware(), BodySyntaxMiddleware())),
            // Room for one file at the limit plus its multipart envelope; the file itself is checked exactly.
            uploadLimit: ByteCount(value: scanbookConfig.maxUploadBytes + 1_000_000)
        )
        for module in modules { module.registerRoutes(routes) }
        routeMethods = RouteMethods(self.routes.all)
    }
}
