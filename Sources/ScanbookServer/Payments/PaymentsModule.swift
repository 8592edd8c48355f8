import Foundation
import Fluent
import ScanbookCore
import Vapor

/// Payments (module 4): own accounts, payments typed or read from QR-bills and orange slips,
/// checked field by field, executed into pain.001 files for the bank.
struct PaymentsModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Payments") }
    var menuEntry: Module? { .payments }
    var migrations: [any Migration] { [
        CreatePaymentAccounts(), CreatePaymentFiles(), CreatePayments(),
        CreatePaymentWhitelist(), CreatePaymentAuthenticators(), AddPaymentSignature(), CreatePaymentTemplates(), CreatePaymentFavourites(),
        AddPaymentWhitelistUniqueness(),
        // Issue 40: whitelist limits
        AddWhitelistLimits(),
        // Issue 44: bank statements in
        AddBankStatements(), CreateIssuedBills(), CreateStatementPreviews(),
    ] }

    func homeFigure(_ context: ServiceContext) async throws -> String? {
        let ownerID = try context.requireUser().requireID()
        func count(_ state: Payment.State, since: Date? = nil) async throws -> Int {
            var query = Payment.query(on: context.db).filter(\.$owner.$id == ownerID).filter(\.$state == state)
            if let since { query = query.filter(\.$updatedAt >= since) }
            return try await query.count()
        }
        // Pending, waiting for the bank, and rejected in the last 30 days: what needs a look.
        let parts = [
            ("payments_home", try await count(.pending)), ("payments_homeWaiting", try await count(.executed)),
            ("payments_homeRejected", try await count(.rejected, since: context.now.addingTimeInterval(-30 * 86_400))),
        ].filter { $0.1 > 0 }.map { context.text($0.0, ["count": "\($0.1)"]) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    var settingsLinks: [SettingsLink] {
        [
            SettingsLink(label: "settings_payment_accounts", url: PaymentsURL.index, id: "payment-accounts-link"),
            SettingsLink(label: "settings_payment_authenticator", url: PaymentsURL.authenticator, id: "payment-authenticator-link"),
            SettingsLink(label: "settings_payment_whitelist", url: PaymentsURL.whitelist, id: "payment-whitelist-link"),
        ]
    }

    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor] { [SlipCaptureProcessor()] }

    /// The authenticators' keys are the module's only sealed secrets.
    func resealSecrets(from box: SecretBox, to target: SecretBox, everything: Bool, on database: any Database) async throws -> Int {
        var resealed = 0
        for authenticator in try await PaymentAuthenticator.query(on: database).all() {
            guard everything || !target.isSealedWithCurrentKey(authenticator.sealedSecret) else { continue }
            authenticator.sealedSecret = try target.seal(try box.open(authenticator.sealedSecret))
            try await authenticator.save(on: database)
            resealed += 1
        }
        return resealed
    }

    func configure(_ app: Application, _ config: AppConfig) throws {
        app.paymentXML = try PaymentXMLResources.load(ui: app.localizer)
    }

    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        func page(_ url: PaymentsURL) -> [PathComponent] { url.pathComponents }
        web.get(page(.index), use: PaymentWebController.index)
        web.post(page(.index), use: PaymentWebController.create)
        web.post(page(.accounts), use: PaymentWebController.addAccount)
        web.post(page(.deleteAccount(id: nil)), use: PaymentWebController.deleteAccount)
        web.upload(.POST, page(.slip), limit: maxUpload, use: PaymentWebController.readSlip)
        web.get(page(.slipReading(id: nil)), use: PaymentWebController.slipReading)
        web.post(page(.execute), use: PaymentWebController.execute)
        web.get(page(.file(id: nil)), use: PaymentWebController.download)
        web.get(page(.payment(id: nil)), use: PaymentWebController.show)
        web.post(page(.payment(id: nil)), use: PaymentWebController.update)
        web.post(page(.deletePayment(id: nil)), use: PaymentWebController.delete)
        web.post(page(.sign(id: nil)), use: PaymentWebController.sign)
        web.post(page(.saveAsTemplate(id: nil)), use: PaymentWebController.saveAsTemplate)
        web.get(page(.templates), use: PaymentWebController.templates)
        web.post(page(.templates), use: PaymentWebController.addTemplate)
        web.get(page(.template(id: nil)), use: PaymentWebController.editTemplate)
        web.post(page(.template(id: nil)), use: PaymentWebController.updateTemplate)
        web.post(page(.deleteTemplate(id: nil)), use: PaymentWebController.deleteTemplate)
        web.post(page(.folders), use: PaymentWebController.addFolder)
        web.post(page(.deleteFolder(id: nil)), use: PaymentWebController.deleteFolder)
        web.post(page(.favourites), use: PaymentWebController.changeFavourite)
        web.get(page(.whitelist), use: PaymentWebController.whitelist)
        web.post(page(.whitelist), use: PaymentWebController.addWhitelistEntry)
        web.post(page(.globalWhitelist), use: PaymentWebController.addGlobalWhitelistEntry)
        web.post(page(.deleteWhitelistEntry(id: nil)), use: PaymentWebController.deleteWhitelistEntry)
        web.post(page(.whitelistLimit(id: nil)), use: PaymentWebController.changeWhitelistLimit)
        web.get(page(.authenticator), use: PaymentWebController.authenticator)
        web.post(page(.startEnrolment), use: PaymentWebController.startEnrolment)
        web.post(page(.confirmEnrolment), use: PaymentWebController.confirmEnrolment)
        web.post(page(.removeAuthenticator), use: PaymentWebController.removeAuthenticator)
        web.get(page(.audit), use: PaymentWebController.audit)
        web.upload(.POST, page(.statusReport), limit: maxUpload, use: PaymentWebController.applyStatusReport)
        web.post(page(.applyStatement(id: nil)), use: PaymentWebController.applyStatement)
        web.get(page(.bills), use: PaymentWebController.bills)
        web.post(page(.bills), use: PaymentWebController.issueBill)
        web.get(page(.bill(id: nil)), use: PaymentWebController.bill)
        for format in IssuedBills.Format.allCases {
            web.get(page(.billDocument(id: nil, format: format))) { try await PaymentWebController.billDocument($0, format: format) }
        }
        web.upload(.POST, page(.statement), limit: Vapor.ByteCount(value: XMLBudget.bankStatements.maximumBytes + 64_000), use: PaymentWebController.importStatement)

        func route(_ route: PaymentsAPIRoute) -> [PathComponent] { route.pathComponents }
        api.get(route(.accounts), use: PaymentAPIController.accounts)
        api.post(route(.accounts), use: PaymentAPIController.addAccount)
        api.delete(route(.account(id: nil)), use: PaymentAPIController.deleteAccount)
        api.get(route(.payments), use: PaymentAPIController.list)
        api.post(route(.payments), use: PaymentAPIController.create)
        api.post(route(.execute), use: PaymentAPIController.execute)
        api.get(route(.payment(id: nil)), use: PaymentAPIController.show)
        api.put(route(.payment(id: nil)), use: PaymentAPIController.update)
        api.delete(route(.payment(id: nil)), use: PaymentAPIController.delete)
        api.get(route(.file(id: nil)), use: PaymentAPIController.download)
        api.post(route(.sign(id: nil)), use: PaymentAPIController.sign)
        api.post(route(.readCodeline), use: PaymentAPIController.readCodeline)
        api.upload(.POST, route(.slips), limit: maxUpload, use: PaymentAPIController.readSlip)
        api.get(route(.slip(id: nil)), use: PaymentAPIController.slipReading)
        api.get(route(.templates), use: PaymentAPIController.templates)
        api.post(route(.templates), use: PaymentAPIController.addTemplate)
        api.get(route(.template(id: nil)), use: PaymentAPIController.template)
        api.put(route(.template(id: nil)), use: PaymentAPIController.updateTemplate)
        api.delete(route(.template(id: nil)), use: PaymentAPIController.deleteTemplate)
        api.get(route(.folders), use: PaymentAPIController.folders)
        api.post(route(.folders), use: PaymentAPIController.addFolder)
        api.delete(route(.folder(id: nil)), use: PaymentAPIController.deleteFolder)
        api.get(route(.whitelist), use: PaymentAPIController.whitelist)
        api.post(route(.whitelist), use: PaymentAPIController.addWhitelistEntry)
        api.post(route(.globalWhitelist), use: PaymentAPIController.addGlobalWhitelistEntry)
        api.put(route(.whitelistEntry(id: nil)), use: PaymentAPIController.changeWhitelistLimit)
        api.delete(route(.whitelistEntry(id: nil)), use: PaymentAPIController.deleteWhitelistEntry)
        api.post(route(.authenticator), use: PaymentAPIController.startEnrolment)
        api.post(route(.confirmAuthenticator), use: PaymentAPIController.confirmEnrolment)
        api.post(route(.removeAuthenticator), use: PaymentAPIController.removeAuthenticator)
        api.get(route(.audit), use: PaymentAPIController.audit)
        api.post(route(.statusReports), use: PaymentAPIController.applyStatusReport)
        api.get(route(.bills), use: PaymentAPIController.bills)
        api.post(route(.bills), use: PaymentAPIController.issueBill)
        api.get(route(.bill(id: nil)), use: PaymentAPIController.bill)
        for format in IssuedBills.Format.allCases {
            api.get(route(.billDocument(id: nil, format: format))) { try await PaymentAPIController.billDocument($0, format: format) }
        }
        api.upload(.POST, route(.statements), limit: Vapor.ByteCount(value: XMLBudget.bankStatements.maximumBytes), use: PaymentAPIController.importStatement)

        // The XML services of the seed, for native clients.
        api.post(PaymentXMLController.route("OCRPayment"), use: PaymentXMLController.ocrPayment)
        api.post(PaymentXMLController.route("OrangePayment"), use: PaymentXMLController.orangePayment)
        api.post(PaymentXMLController.route("SignPayment"), use: PaymentXMLController.signPayment)
        routes.visitorAPI.get(PaymentXMLController.route("schemas", ":file"), use: PaymentXMLController.schema)
    }
}
