import Foundation

/// View models of the account pages (`Resources/Views/Accounts/*.leaf`).
struct LoginView: Encodable {
    var email = ""
    var errors: [String] = []
    var registrationOpen: Bool
    /// Shown above the form, e.g. after a password reset (a visitor has no session for a flash).
    var notice: String? = nil
    let action = SiteURL.login.path
    let registerURL = SiteURL.register.path
    let forgotURL = AccountURL.forgotPassword.path
}

struct RegisterView: Encodable {
    var name = ""
    var email = ""
    var errors: [String] = []
    var registrationOpen: Bool
    var maxUpload: String
    let action = SiteURL.register.path
    let loginURL = SiteURL.login.path
}

struct SettingsView: Encodable {
    struct TokenRow: Encodable {
        let name: String
        let created: String
        let lastUsed: String?
        let revokeURL: String
    }

    let name: String
    let email: String
    let avatarURL: String?
    let isAdmin: Bool
    var tokens: [TokenRow]
    var newToken: String? = nil
    var passwordErrors: [String] = []
    var avatarErrors: [String] = []
    var tokenErrors: [String] = []
    var currencyErrors: [String] = []
    let maxUpload: String
    let currency: String
    /// The served modules' own settings pages, under each module's name.
    let moduleSettings: [ModuleSettings]
    let passwordAction = SiteURL.changePassword.path
    let avatarAction = SiteURL.avatar.path
    let currencyAction = SiteURL.currency.path
    let tokensAction = SiteURL.apiTokens.path
}

struct ModuleSettings: Encodable {
    struct Link: Encodable {
        let label: String
        let url: String
        let id: String
    }

    let name: String
    let links: [Link]
}

struct HomeView: Encodable {
    struct Tile: Encodable {
        let name: String
        let summary: String
        let url: String
        /// A live figure for modules that have one (this month's spending).
        var detail: String? = nil
    }
    let tiles: [Tile]
}

struct ComingSoonView: Encodable {
    let module: String
    let summary: String
}
