import Vapor

/// The account services as a request uses them, with this server's clock, hasher and settings.
extension Request {
    var accounts: AccountService {
        let clock = application.clock
        return AccountService(database: db, passwords: password.async, passwordWork: application.passwordWork, config: scanbookConfig,
                              now: clock.now, newAccount: application.newAccount)
    }
}

extension Request {
    var passwordResets: PasswordResetService { PasswordResetService(accounts: accounts, now: now) }
}
