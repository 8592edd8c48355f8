import Foundation

/// View models of `Accounts/forgot-password.leaf`, `reset-password.leaf` and `users.leaf`.
struct ForgotPasswordView: Encodable {
    var email = ""
    var errors: [String] = []
    /// Without a mail relay the page asks people to turn to the administrator.
    let mailConfigured: Bool
    /// The same answer whether or not the address has an account.
    var sent = false
    let action = AccountURL.forgotPassword.path
    let loginURL = SiteURL.login.path
}

struct ResetPasswordView: Encodable {
    /// nil when the link is unknown, used or expired: the page offers a new one instead of the form.
    var action: String?
    var errors: [String] = []
    let forgotURL = AccountURL.forgotPassword.path
}

struct UsersView: Encodable {
    struct Row: Encodable {
        let id: String
        let name: String
        let email: String
        let isAdmin: Bool
        let created: String
        let passwordAction: String
        let errors: [String]
    }

    let rows: [Row]
}
