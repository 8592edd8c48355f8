import Fluent
import Vapor

/// One module of Scanbook, declared in one place: what it adds to the app (routes, migrations,
/// capture processors, the columns that keep blobs alive, its home tile). `Application.standardModules`
/// lists them; a new module is a folder with a type conforming to this and one line there.
protocol ScanbookModule: Sendable {
    /// The module's menu entry and home tile; nil for the platform's own (accounts, captures).
    var menuEntry: Module? { get }
    /// Its texts and its part of the API document; nil when it has neither.
    var resources: ModuleResources? { get }
    /// Appended to the migration list in this order; run even while the module is disabled, so
    /// its tables stay and come back with it.
    var migrations: [any Migration] { get }
    /// Tables whose columns refer to stored blobs; their blobs survive the sweep even while the
    /// module is disabled.
    var blobReferences: [any ReferencesBlobs.Type] { get }
    /// Storage the module's services use (set up once, before routes).
    func configure(_ app: Application, _ config: AppConfig) throws
    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor]
    /// Sets up a new account's defaults (a private list, default categories), in the registration's
    /// transaction, in the language the person registered in.
    func accountCreated(_ user: User, locale: String, app: Application, on database: any Database) async throws
    /// The person chose another language: defaults they never changed follow it.
    func languageChanged(_ user: User, to locale: String, app: Application, on database: any Database) async throws
    func registerRoutes(_ routes: ModuleRoutes)
    /// The instance is about to stop serving (SIGTERM, after the drain period): close long-lived
    /// connections, which would otherwise hold the HTTP server open.
    func willStopServing(_ app: Application) async
    /// The figure on the module's home tile ("CHF 1,234 this month"), or nil.
    func homeFigure(_ context: ServiceContext) async throws -> String?
    /// Links to the module's own settings pages, shown under its name on the settings page.
    var settingsLinks: [SettingsLink] { get }
    /// What this module offers on another module's record (shown on that record's page).
    func actions(on record: RecordReference, _ context: ServiceContext) async throws -> [RecordAction]
    /// Seals the module's stored secrets with `target` (all of them when `everything`, else those
    /// not sealed with its current key), within `scanbook secrets rotate`'s transaction; returns
    /// how many. Run for disabled modules too: their secrets stay and come back with them.
    func resealSecrets(from box: SecretBox, to target: SecretBox, everything: Bool, on database: any Database) async throws -> Int
    /// The module's share of the maintenance sweep (reminders due, recurring entries), run on
    /// every instance every few minutes: each thing must be done once however many instances
    /// run it at the same moment. Returns how many things it did.
    func maintain(_ app: Application) async throws -> Int
}

/// Where a module's own texts and API description are.
struct ModuleResources: Sendable {
    /// A directory of `<language>.json` catalogues, merged into the UI's (a key defined twice
    /// stops the start).
    let locales: URL
    /// A part of the API document (`paths:` and `components:` → `schemas:`), merged into
    /// `Resources/openapi.yaml` when served; nil when the module has no API.
    let openAPI: URL?

    /// The server's own modules: `Resources/Locales/<folder>/` and `Resources/OpenAPI/<folder>.yaml`.
    static func bundled(_ folder: String, hasAPI: Bool = true) -> ModuleResources {
        ModuleResources(
            locales: ScanbookResources.localesDirectory.appendingPathComponent(folder, isDirectory: true),
            openAPI: hasAPI ? ScanbookResources.root.appendingPathComponent("OpenAPI/\(folder).yaml") : nil
        )
    }
}

/// A link on the settings page to a module's settings (e.g. the receipt keywords).
struct SettingsLink: Sendable {
    /// Locale key of the link's text.
    let label: String
    let url: any SitePath
    /// The element id tests and scripts find the link by.
    let id: String
}

extension ScanbookModule {
    var menuEntry: Module? { nil }
    var resources: ModuleResources? { nil }
    var migrations: [any Migration] { [] }
    var blobReferences: [any ReferencesBlobs.Type] { [] }
    func configure(_ app: Application, _ config: AppConfig) throws {}
    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor] { [] }
    func accountCreated(_ user: User, locale: String, app: Application, on database: any Database) async throws {}
    func languageChanged(_ user: User, to locale: String, app: Application, on database: any Database) async throws {}
    func willStopServing(_ app: Application) async {}
    func homeFigure(_ context: ServiceContext) async throws -> String? { nil }
    var settingsLinks: [SettingsLink] { [] }
    func actions(on record: RecordReference, _ context: ServiceContext) async throws -> [RecordAction] { [] }
    func resealSecrets(from box: SecretBox, to target: SecretBox, everything: Bool, on database: any Database) async throws -> Int { 0 }
    func maintain(_ app: Application) async throws -> Int { 0 }
}

/// The route groups a module registers on.
struct ModuleRoutes {
    /// Pages anyone may open (CSRF-checked forms).
    let visitorPages: any RoutesBuilder
    /// Pages for signed-in users (others are sent to the login page).
    let pages: any RoutesBuilder
    /// API operations without a token (register, log in).
    let visitorAPI: any RoutesBuilder
    /// API operations with a bearer token.
    let api: any RoutesBuilder
    /// Body limit of upload routes: one file at the limit plus its multipart envelope.
    let uploadLimit: ByteCount
}

/// A module whose pages are not built yet: its menu entry leads to a "coming soon" page.
struct ComingSoonModule: ScanbookModule {
    let module: Module
    var menuEntry: Module? { module }

    func registerRoutes(_ routes: ModuleRoutes) {
        routes.pages.get(SiteURL.module(module).pathComponents, use: ShellController.comingSoon(module))
    }
}
