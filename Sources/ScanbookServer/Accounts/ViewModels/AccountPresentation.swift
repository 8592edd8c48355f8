import Fluent
import Foundation
import ScanbookCore
import Vapor

/// How the account's pages read.
enum AccountPresentation {
    /// The settings page: profile, language, currency, password, the modules' own settings, tokens.
    static func settingsPage(_ context: ServiceContext) async throws -> SettingsView {
        let user = try context.requireUser()
        let tokens = try await APIToken.query(on: context.db)
            .filter(\.$user.$id == user.requireID()).sort(\.$createdAt, .descending).all()
        return SettingsView(
            name: user.name,
            email: user.email,
            avatarURL: user.$avatar.id.map { SiteURL.blob(id: $0).path },
            isAdmin: user.isAdmin,
            tokens: try tokens.map { token in
                SettingsView.TokenRow(
                    name: token.name,
                    created: Formatting.dateTime(token.createdAt, locale: context.locale),
                    lastUsed: token.lastUsedAt.map { Formatting.dateTime($0, locale: context.locale) },
                    revokeURL: SiteURL.revokeAPIToken(id: try token.requireID()).path
                )
            },
            maxUpload: ByteCount(context.scanbookConfig.maxUploadBytes).description,
            currency: context.homeCurrency,
            moduleSettings: context.application.modules.compactMap { module in
                guard let entry = module.menuEntry, !module.settingsLinks.isEmpty else { return nil }
                return ModuleSettings(
                    name: context.text("module_\(entry.rawValue)"),
                    links: module.settingsLinks.map { .init(label: context.text($0.label), url: $0.url.path, id: $0.id) }
                )
            }
        )
    }
}
