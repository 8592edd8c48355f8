import Fluent
import Vapor

/// Accounts (platform): registration, sign-in, password reset, settings, API tokens, the
/// administrators' users page, and the blobs they own.
struct AccountsModule: ScanbookModule {
    var blobReferences: [any ReferencesBlobs.Type] { [User.self] }
    /// The accounts' first tables are the platform's (`registerMigrations`); later ones come here.
    var migrations: [any Migration] { [CreatePasswordResets()] }

    func registerRoutes(_ routes: ModuleRoutes) {
        let visitors = routes.visitorPages, pages = routes.pages, uploadLimit = routes.uploadLimit
        visitors.get(SiteURL.login.pathComponents, use: AccountWebController.showLogin)
        visitors.post(SiteURL.login.pathComponents, use: AccountWebController.login)
        visitors.get(SiteURL.register.pathComponents, use: AccountWebController.showRegister)
        visitors.upload(.POST, SiteURL.register.pathComponents, limit: uploadLimit, use: AccountWebController.register)
        visitors.post(SiteURL.language.pathComponents, use: AccountWebController.changeLanguage)
        visitors.get(AccountURL.forgotPassword.pathComponents, use: AccountWebController.showForgotPassword)
        visitors.post(AccountURL.forgotPassword.pathComponents, use: AccountWebController.requestPasswordReset)
        visitors.get(AccountURL.resetPassword(token: nil).pathComponents, use: AccountWebController.showResetPassword)
        visitors.post(AccountURL.resetPassword(token: nil).pathComponents, use: AccountWebController.resetPassword)

        pages.get(SiteURL.home.pathComponents, use: ShellController.home)
        pages.post(SiteURL.logout.pathComponents, use: AccountWebController.logout)
        pages.get(SiteURL.settings.pathComponents, use: AccountWebController.showSettings)
        pages.post(SiteURL.changePassword.pathComponents, use: AccountWebController.changePassword)
        pages.post(SiteURL.currency.pathComponents, use: AccountWebController.changeCurrency)
        pages.upload(.POST, SiteURL.avatar.pathComponents, limit: uploadLimit, use: AccountWebController.changeAvatar)
        pages.post(SiteURL.apiTokens.pathComponents, use: AccountWebController.createToken)
        pages.post(SiteURL.revokeAPIToken(id: nil).pathComponents, use: AccountWebController.revokeToken)
        pages.get(SiteURL.blob(id: nil).pathComponents, use: BlobController.show)
        let admins = pages.grouped(AdminOnlyMiddleware())
        admins.get(AccountURL.users.pathComponents, use: UserAdminWebController.index)
        admins.post(AccountURL.userPassword(id: nil).pathComponents, use: UserAdminWebController.setPassword)
        admins.get(AccountURL.exchangeRates.pathComponents, use: ExchangeRateAdminController.index)
        admins.upload(.POST, AccountURL.exchangeRates.pathComponents, limit: uploadLimit, use: ExchangeRateAdminController.importCSV)

        routes.visitorAPI.get(APIRoute.openAPI.pathComponents, use: AccountAPIController.openAPIDocument)
        routes.visitorAPI.post(APIRoute.register.pathComponents, use: AccountAPIController.register)
        routes.visitorAPI.post(APIRoute.login.pathComponents, use: AccountAPIController.login)
        routes.api.get(APIRoute.me.pathComponents, use: AccountAPIController.me)
        routes.api.get(APIRoute.tokens.pathComponents, use: AccountAPIController.listTokens)
        routes.api.post(APIRoute.tokens.pathComponents, use: AccountAPIController.createToken)
        routes.api.delete(APIRoute.token(id: nil).pathComponents, use: AccountAPIController.deleteToken)
    }
}
