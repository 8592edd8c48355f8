import Fluent
import Vapor

/// Payments (module 4): own accounts, payments typed or read from QR-bills and orange slips,
/// checked field by field, executed into pain.001 files for the bank.
struct PaymentsModule: ScanbookModule {
    var menuEntry: Module? { .payments }
    var migrations: [any Migration] { [CreatePaymentAccounts(), CreatePaymentFiles(), CreatePayments()] }

    func homeFigure(_ request: Request) async throws -> String? {
        let ownerID = try request.auth.require(User.self).requireID()
        let pending = try await Payment.query(on: request.db).filter(\.$owner.$id == ownerID).filter(\.$state == .pending).count()
        return pending == 0 ? nil : request.text("payments_home", ["count": "\(pending)"])
    }

    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        func page(_ url: PaymentsURL) -> [PathComponent] { url.pathComponents }
        web.get(page(.index), use: PaymentWebController.index)
        web.post(page(.index), use: PaymentWebController.create)
        web.post(page(.accounts), use: PaymentWebController.addAccount)
        web.post(page(.deleteAccount(id: nil)), use: PaymentWebController.deleteAccount)
        web.upload(.POST, page(.slip), limit: maxUpload, use: PaymentWebController.readSlip)
        web.post(page(.execute), use: PaymentWebController.execute)
        web.get(page(.file(id: nil)), use: PaymentWebController.download)
        web.get(page(.payment(id: nil)), use: PaymentWebController.show)
        web.post(page(.payment(id: nil)), use: PaymentWebController.update)
        web.post(page(.deletePayment(id: nil)), use: PaymentWebController.delete)

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
    }
}
