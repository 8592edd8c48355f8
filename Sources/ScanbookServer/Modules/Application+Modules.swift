import Fluent
import Vapor

extension Application {
    /// Scanbook's modules, platform first, then in menu order. A new module is one line here.
    static let standardModules: [any ScanbookModule] = [
        AccountsModule(),
        CapturesModule(),
        ReceiptsModule(),
        MetersModule(),
        ListsModule(),
        PaymentsModule(),
        FormsModule(),
    ]

    /// Every module this server knows, served or disabled (`AppConfig.modules`: the standard ones
    /// unless a test adds its own).
    var allModules: [any ScanbookModule] { scanbookConfig.modules }

    /// The modules this instance serves: all but those `SCANBOOK_DISABLED_MODULES` names (a disabled
    /// module has no menu entry, tile, routes or API operations; its tables and photos stay).
    var modules: [any ScanbookModule] {
        allModules.filter { module in module.menuEntry.map { !scanbookConfig.disabledModules.contains($0) } ?? true }
    }

    /// Whether this instance serves `module`: another module offers what it owns (a receipt shared
    /// on a list) only then, so no page links to a route that is not registered.
    func serves(_ module: Module) -> Bool { !scanbookConfig.disabledModules.contains(module) }

    /// The menu entries (and home tiles) of the served modules, in order.
    var menuModules: [Module] { modules.compactMap(\.menuEntry) }

    /// Every module's defaults follow a change of language (served or not, as for new accounts).
    func languageChanged(_ user: User, to locale: String, on database: any Database) async throws {
        for module in allModules { try await module.languageChanged(user, to: locale, app: self, on: database) }
    }

    /// Every module's defaults for a new account (served or not: a module enabled later finds them).
    var newAccount: @Sendable (User, String, any Database) async throws -> Void {
        { [self] user, locale, database in
            for module in allModules { try await module.accountCreated(user, locale: locale, app: self, on: database) }
        }
    }
}
