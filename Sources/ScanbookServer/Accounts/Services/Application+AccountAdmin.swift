import Fluent
import Foundation
import Vapor

/// What the `scanbook user …` commands see of an account.
public struct AccountSummary: Codable, Sendable {
    public let email: String
    public let name: String
    public let isAdmin: Bool
    public let createdAt: Date?
}

/// A refused administration command, worded for the terminal.
public struct AccountAdminError: Error, CustomStringConvertible {
    public let description: String
}

/// Account administration for the command line; the same rules as registration on the web.
extension Application {
    private var adminAccounts: AccountService {
        AccountService(database: db, passwords: password.async, config: scanbookConfig, newAccount: newAccount)
    }

    public func addAccount(name: String, email: String, password: String, isAdmin: Bool) async throws -> AccountSummary {
        do {
            let user = try await adminAccounts.register(.init(name: name, email: email, password: password, isAdmin: isAdmin))
            return AccountSummary(user)
        } catch let error as UserFacingError {
            throw adminError(error)
        }
    }

    public func listAccounts() async throws -> [AccountSummary] {
        try await User.query(on: db).sort(\.$email).all().map(AccountSummary.init)
    }

    public func setAccountPassword(email: String, to password: String) async throws {
        guard let user = try await User.query(on: db).filter(\.$email == email.trimmingCharacters(in: .whitespaces).lowercased()).first() else {
            throw AccountAdminError(description: "No account has the e-mail address \(email).")
        }
        do {
            try await adminAccounts.changePassword(user, to: password, keeping: nil, revokeTokens: false)
        } catch let error as UserFacingError {
            throw adminError(error)
        }
    }

    private func adminError(_ error: UserFacingError) -> AccountAdminError {
        AccountAdminError(description: error.problems.map { localizer.text($0.key, locale: Localizer.fallback, $0.arguments) }.joined(separator: " "))
    }
}

extension AccountSummary {
    init(_ user: User) {
        self.init(email: user.email, name: user.name, isAdmin: user.isAdmin, createdAt: user.createdAt)
    }
}
