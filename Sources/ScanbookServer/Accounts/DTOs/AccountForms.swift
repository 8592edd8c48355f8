import Vapor

struct LoginForm: Content {
    var email: String
    var password: String
}

struct RegisterForm: Content {
    var name: String
    var email: String
    var password: String
    /// Browsers send an empty part when no file was chosen.
    var avatar: File?

    var chosenAvatar: File? { avatar.flatMap { $0.data.readableBytes > 0 ? $0 : nil } }
}

struct ChangePasswordForm: Content {
    var current: String
    var new: String
    var confirm: String
    /// "on" when the box "also revoke all API tokens" is ticked.
    var revokeTokens: String?
}

struct LanguageForm: Content {
    var lang: String
}

struct CurrencyForm: Content {
    var currency: String
}

struct AvatarForm: Content {
    var avatar: File?
}

struct CreateTokenForm: Content {
    var name: String
}

struct ForgotPasswordForm: Content {
    var email: String
}

/// The new password twice: on the reset link's page and on the users page.
struct NewPasswordForm: Content {
    var new: String
    var confirm: String
}
