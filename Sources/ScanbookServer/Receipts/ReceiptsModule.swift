import Fluent
import ScanbookOCR
import Vapor

/// Receipts and budgets (module 1): photographed receipts read into totals, months against budgets.
struct ReceiptsModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Receipts") }
    var menuEntry: Module? { .receipts }
    var migrations: [any Migration] {
        // Every migration that adds a receipt column or a table ReceiptResults writes comes before
        // ApplyFinishedReceiptCaptures (which reads and applies results through today's model), so a
        // fresh database has them by then; an existing one ran that migration long ago and just adds them.
        [CreateReceiptProfiles(), CreateReceiptCategories(), CreateMerchants(), CreateReceipts(), CreateReceiptAllocations(), CreateReceiptKeywords(),
         CreateMerchantSpellings(), AddReceiptMerchantReading(), AddReceiptTotalRunnerUp(),
         CreateReceiptLineItems(), // issue 41: the items read off the receipt
         AddCategoryCarryOver(), AddReceiptRate(), // issue 45
         ApplyFinishedReceiptCaptures(),
         CreateWarrantyReminders()] // issue 45: a new table, which ApplyFinishedReceiptCaptures never reads
    }
    var blobReferences: [any ReferencesBlobs.Type] { [Receipt.self] }

    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor] {
        [ReceiptCaptureProcessor(reader: ReceiptReader.tuned(for: config.ocrEngine, languages: config.ocrLanguages))]
    }

    /// Default categories in the language the person registered in.
    func accountCreated(_ user: User, locale: String, app: Application, on database: any Database) async throws {
        _ = try await ReceiptDefaults.ensureProfile(
            for: try user.requireID(), locale: locale, localizer: app.localizer, currency: app.scanbookConfig.defaultCurrency, on: database
        )
    }

    /// Default categories nobody renamed take the new language's names.
    func languageChanged(_ user: User, to locale: String, app: Application, on database: any Database) async throws {
        try await ReceiptDefaults.relabelCategories(of: try user.requireID(), to: locale, localizer: app.localizer, on: database)
    }

    var settingsLinks: [SettingsLink] {
        [SettingsLink(label: "settings_receipt_keywords", url: ReceiptsURL.keywords, id: "receipt-keywords-link")]
    }

    /// Reminders of warranties that end soon.
    func maintain(_ app: Application) async throws -> Int {
        try await WarrantyReminders.send(app)
    }

    func homeFigure(_ context: ServiceContext) async throws -> String? {
        try await ReceiptPresentation.homeFigure(context)
    }

    /// Pages (signed-in, CSRF-checked) and API (bearer token).
    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        func page(_ url: ReceiptsURL) -> [PathComponent] { url.pathComponents }
        web.get(page(.list), use: ReceiptWebController.index)
        web.upload(.POST, page(.list), limit: maxUpload, use: ReceiptWebController.upload)
        web.post(page(.new), use: ReceiptWebController.createManual)
        web.get(page(.receipt(id: nil)), use: ReceiptWebController.show)
        web.post(page(.receipt(id: nil)), use: ReceiptWebController.update)
        web.post(page(.split(id: nil)), use: ReceiptWebController.split)
        web.post(page(.delete(id: nil)), use: ReceiptWebController.delete)
        web.get(page(.budget), use: BudgetWebController.month)
        web.get(page(.export), use: BudgetWebController.export)
        web.get(page(.warranties), use: BudgetWebController.warranties)
        web.get(page(.categories), use: CategoryWebController.index)
        web.post(page(.categories), use: CategoryWebController.create)
        web.post(page(.category(id: nil)), use: CategoryWebController.update)
        web.post(page(.deleteCategory(id: nil)), use: CategoryWebController.delete)
        web.get(page(.keywords), use: KeywordWebController.index)
        web.post(page(.keywords), use: KeywordWebController.create)
        web.post(page(.deleteKeyword(id: nil)), use: KeywordWebController.delete)

        func route(_ route: ReceiptsAPIRoute) -> [PathComponent] { route.pathComponents }
        api.upload(.POST, route(.receipts), limit: maxUpload, use: ReceiptAPIController.create)
        api.get(route(.receipts), use: ReceiptAPIController.list)
        api.post(route(.manual), use: ReceiptAPIController.createManual)
        api.get(route(.receipt(id: nil)), use: ReceiptAPIController.show)
        api.patch(route(.receipt(id: nil)), use: ReceiptAPIController.update)
        api.delete(route(.receipt(id: nil)), use: ReceiptAPIController.delete)
        api.put(route(.split(id: nil)), use: ReceiptAPIController.split)
        api.get(route(.month(nil)), use: ReceiptAPIController.month)
        api.get(route(.export), use: ReceiptAPIController.export)
        api.get(route(.warranties), use: ReceiptAPIController.warranties)
        api.get(route(.categories), use: ReceiptAPIController.categories)
        api.post(route(.categories), use: ReceiptAPIController.createCategory)
        api.patch(route(.category(id: nil)), use: ReceiptAPIController.updateCategory)
        api.delete(route(.category(id: nil)), use: ReceiptAPIController.deleteCategory)
        api.get(route(.keywords), use: ReceiptAPIController.keywords)
        api.post(route(.keywords), use: ReceiptAPIController.createKeyword)
        api.delete(route(.keyword(id: nil)), use: ReceiptAPIController.deleteKeyword)
    }
}
