import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How the account's pages read.
enum AccountPresentation {
    /// The settings page: profile, language, currency, password, the modules' own settings, tokens.
    static func settingsPage(_ request: Request) async throws -> SettingsView {
        let user = try request.auth.require(User.self)
        let tokens = try await APIToken.query(on: request.db)
            .filter(\.$user.$id == user.requireID()).sort(\.$createdAt, .descending).all()
        return SettingsView(
            name: user.name,
            email: user.email,
            avatarURL: user.$avatar.id.map { SiteURL.blob(id: $0).path },
            isAdmin: user.isAdmin,
            tokens: try tokens.map { token in
                SettingsView.TokenRow(
                    name: token.name,
                    created: Formatting.dateTime(token.createdAt, locale: request.locale),
                    lastUsed: token.lastUsedAt.map { Formatting.dateTime($0, locale: request.locale) },
                    revokeURL: SiteURL.revokeAPIToken(id: try token.requireID()).path
                )
            },
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description,
            currency: request.homeCurrency,
            moduleSettings: request.application.modules.compactMap { module in
                guard let entry = module.menuEntry, !module.settingsLinks.isEmpty else { return nil }
                return ModuleSettings(
                    name: request.text("module_\(entry.rawValue)"),
                    links: module.settingsLinks.map { .init(label: request.text($0.label), url: $0.url.path, id: $0.id) }
                )
            }
        )
    }
}
