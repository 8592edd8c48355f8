import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision
import Vapor

/// The payment pages: own accounts, a payment from a slip photo or typed, changes while pending,
/// execution into a pain.001 file.
enum PaymentWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await renderIndex(request, form: nil, errors: [], status: .ok)
    }

    @Sendable static func addAccount(_ request: Request) async throws -> Response {
        let form = try request.content.decode(PaymentAccountForm.self)
        return try await request.change {
            let account = try await PaymentAccountService.add(name: form.name, iban: form.iban, currency: form.currency, isDefault: form.isDefault == "on", on: request.context)
            request.flash(.success, request.text("payments_accountAdded", ["name": account.name]))
            return PaymentsURL.index
        } showForm: { errors, status in
            let typed = AccountFormValues(name: form.name ?? "", iban: form.iban ?? "", currency: form.currency ?? "", isDefault: form.isDefault == "on")
            return try await renderIndex(request, form: nil, accountForm: typed, errors: errors, status: status)
        }
    }

    @Sendable static func deleteAccount(_ request: Request) async throws -> Response {
        let account = try await PaymentAccount.find(request.id(.account), ownedBy: request)
        return try await request.change {
            try await PaymentAccountService.delete(account, on: request.context)
            request.flash(.success, request.text("payments_accountDeleted", ["name": account.name]))
            return PaymentsURL.index
        } showAgain: { errors, status in
            try await renderIndex(request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let form = try request.content.decode(PaymentForm.self)
        return try await request.change {
            let payment = try await PaymentService.create(form, askingAboutDuplicates: true, on: request.context)
            request.flash(.success, request.text("payments_created", ["amount": "\(payment.currency) \(Formatting.money(payment.amount, locale: request.locale))"]))
            return PaymentsURL.index
        } showForm: { errors, status in
            try await renderIndex(request, form: PaymentPresentation.form(form), errors: errors, status: status)
        }
    }

    /// Stores the photo as a capture job and shows the page that waits for it; nothing becomes a
    /// payment until the user confirms the filled-in form.
    @Sendable static func readSlip(_ request: Request) async throws -> Response {
        let form = try request.content.decode(SlipUploadForm.self)
        do {
            let upload = try request.checkImageUpload(form.photo, minimumSide: UploadPolicy.minimumPhotoSide)
            let capture = try await PaymentSlips.enqueue(upload, owner: try request.auth.require(User.self).requireID(), application: request.application)
            return request.redirect(to: PaymentsURL.slipReading(id: capture.id).path, redirectType: .normal)
        } catch let error as UserFacingError {
            return try await renderIndex(request, form: nil, errors: error.messages(for: request), status: error.status)
        }
    }

    /// Reloads while the photo waits or is read, then shows the form filled in from the first
    /// slip, or why nothing was.
    @Sendable static func slipReading(_ request: Request) async throws -> Response {
        let capture = try await PaymentSlips.find(request.id(.capture), on: request.context)
        switch capture.status {
        case .queued, .processing:
            let response = try await renderIndex(request, form: nil, slipPending: true, errors: [], status: .ok)
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
            return response
        case .failed:
            let reason = request.text("upload_photoUnreadable", ["reason": capture.error ?? ""])
            return try await renderIndex(request, form: nil, errors: [reason], status: .unprocessableEntity)
        case .done:
            let shown = PaymentPresentation.slipForm(PaymentSlips.slips(of: capture) ?? [], request.context)
            return try await renderIndex(request, form: shown.form, slipNotes: shown.notes, errors: [], status: shown.form == nil ? .unprocessableEntity : .ok)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await renderShow(try await PaymentService.find(request.id(.payment), on: request.context), request, form: nil, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        let form = try request.content.decode(PaymentForm.self)
        return try await request.change {
            try await PaymentService.update(payment, with: form, on: request.context)
            request.flash(.success, request.text("payments_saved"))
            return PaymentsURL.payment(id: payment.id)
        } showForm: { errors, status in
            try await renderShow(payment, request, form: PaymentPresentation.form(form), errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        return try await request.change {
            try await PaymentService.delete(payment, on: request.context)
            request.flash(.success, request.text("payments_deleted"))
            return PaymentsURL.index
        } showAgain: { errors, status in
            try await renderShow(payment, request, form: nil, errors: errors, status: status)
        }
    }

    /// "Send to the bank" first shows the file's payments, their count and sum; only the
    /// confirmation (with the payments it showed) writes the file.
    @Sendable static func execute(_ request: Request) async throws -> Response {
        let form = try request.content.decode(ExecuteForm.self)
        guard form.confirmed == "1" else { return try await renderExecutePreview(request, form: form, errors: []) }
        return try await request.change {
            let outcome = try await PaymentExecution.execute(account: form.account, date: form.date, only: Set(form.payments ?? []), on: request.context)
            request.flash(.success, request.text("payments_executed", ["count": "\(outcome.file.paymentCount)", "id": outcome.file.messageID]))
            for item in outcome.leftOut { request.flash(.error, item.reason.message(item.payment, request: request)) }
            return PaymentsURL.index
        } showAgain: { errors, status in
            // Changed since it was shown: shown again as it is now.
            if status == .conflict { return try await renderExecutePreview(request, form: form, errors: errors) }
            return try await renderIndex(request, form: nil, errors: errors, status: status)
        }
    }

    private static func renderExecutePreview(_ request: Request, form: ExecuteForm, errors: [String]) async throws -> Response {
        do {
            let preview = try await PaymentExecution.preview(account: form.account, date: form.date, on: request.context)
            let view = try PaymentPresentation.executePage(preview, request, errors: errors)
            return try await request.renderPage("Payments/execute", title: "payments_execute_title", content: view, status: errors.isEmpty ? .ok : .conflict, activeModule: .payments)
        } catch let error as UserFacingError {
            return try await renderIndex(request, form: nil, errors: errors + error.messages(for: request), status: error.status)
        }
    }

    @Sendable static func download(_ request: Request) async throws -> Response {
        let file = try await PaymentFile.find(request.id(.file), ownedBy: request)
        return xmlResponse(file)
    }

    static func xmlResponse(_ file: PaymentFile) -> Response {
        let response = Response(status: .ok, body: .init(string: file.xml))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "xml", parameters: ["charset": "utf-8"])
        response.headers.contentDisposition = .init(.attachment, filename: "\(file.messageID).xml")
        return response
    }

    static func renderIndex(
        _ request: Request, form: PaymentFormValues?, slipNotes: [String] = [], slipPending: Bool = false, errors: [String], status: HTTPStatus
    ) async throws -> Response {
        try await renderIndex(request, form: form, slipNotes: slipNotes, slipPending: slipPending, errors: FormErrors(general: errors), status: status)
    }

    static func renderIndex(
        _ request: Request, form: PaymentFormValues?, accountForm: AccountFormValues = AccountFormValues(), slipNotes: [String] = [],
        slipPending: Bool = false, errors: FormErrors, status: HTTPStatus
    ) async throws -> Response {
        let start = (try? request.query.decode(PaymentStart.self)) ?? PaymentStart()
        var view = try await PaymentPresentation.indexPage(request.context, form: form, start: start, slipNotes: slipNotes, slipPending: slipPending, errors: errors.general)
        view.fieldErrors = errors.fields
        view.accountForm = accountForm
        return try await request.renderPage("Payments/index", title: "payments_title", content: view, status: status, activeModule: .payments)
    }

    static func renderShow(_ payment: Payment, _ request: Request, form: PaymentFormValues?, errors: [String], status: HTTPStatus) async throws -> Response {
        try await renderShow(payment, request, form: form, errors: FormErrors(general: errors), status: status)
    }

    static func renderShow(_ payment: Payment, _ request: Request, form: PaymentFormValues?, errors: FormErrors, status: HTTPStatus) async throws -> Response {
        var view = try await PaymentPresentation.paymentPage(payment, request.context, form: form, errors: errors.general)
        view.fieldErrors = errors.fields
        return try await request.renderPage("Payments/show", title: "payments_payment_title", content: view, status: status, activeModule: .payments)
    }
}

struct SlipUploadForm: Content {
    var photo: File?
}
