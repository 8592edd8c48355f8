import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Templates, their folders, "save as template" and the favourites' order.
extension PaymentWebController {
    @Sendable static func templates(_ request: Request) async throws -> Response {
        try await renderTemplates(request, editing: nil, form: nil, errors: [], status: .ok)
    }

    @Sendable static func editTemplate(_ request: Request) async throws -> Response {
        let template = try await PaymentTemplate.find(request.id(.template), ownedBy: request)
        return try await renderTemplates(request, editing: template, form: nil, errors: [], status: .ok)
    }

    @Sendable static func addTemplate(_ request: Request) async throws -> Response {
        let form = try request.content.decode(TemplateForm.self)
        return try await request.change {
            let template = try await PaymentTemplateService.save(form, on: request.context)
            request.flash(.success, request.text("payments_templateSaved", ["name": template.name]))
            return PaymentsURL.templates
        } showAgain: { errors, status in
            try await renderTemplates(request, editing: nil, form: form, errors: errors, status: status)
        }
    }

    @Sendable static func updateTemplate(_ request: Request) async throws -> Response {
        let template = try await PaymentTemplate.find(request.id(.template), ownedBy: request)
        let form = try request.content.decode(TemplateForm.self)
        return try await request.change {
            _ = try await PaymentTemplateService.save(form, into: template, on: request.context)
            request.flash(.success, request.text("payments_templateSaved", ["name": template.name]))
            return PaymentsURL.templates
        } showAgain: { errors, status in
            try await renderTemplates(request, editing: template, form: form, errors: errors, status: status)
        }
    }

    @Sendable static func deleteTemplate(_ request: Request) async throws -> Response {
        let template = try await PaymentTemplate.find(request.id(.template), ownedBy: request)
        try await PaymentTemplateService.delete(template, on: request.context)
        request.flash(.success, request.text("payments_templateDeleted", ["name": template.name]))
        return request.redirect(to: PaymentsURL.templates)
    }

    @Sendable static func addFolder(_ request: Request) async throws -> Response {
        let form = try request.content.decode(FolderForm.self)
        return try await request.change {
            let folder = try await PaymentTemplateService.addFolder(form, on: request.context)
            request.flash(.success, request.text("payments_folderAdded", ["name": folder.name]))
            return PaymentsURL.templates
        } showAgain: { errors, status in
            try await renderTemplates(request, editing: nil, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func deleteFolder(_ request: Request) async throws -> Response {
        let folder = try await PaymentTemplateFolder.find(request.id(.folder), ownedBy: request)
        try await PaymentTemplateService.deleteFolder(folder, on: request.context)
        request.flash(.success, request.text("payments_folderDeleted", ["name": folder.name]))
        return request.redirect(to: PaymentsURL.templates)
    }

    @Sendable static func saveAsTemplate(_ request: Request) async throws -> Response {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        let form = try request.content.decode(SaveAsTemplateForm.self)
        return try await request.change {
            let template = try await PaymentTemplateService.save(payment, name: form.name, folder: form.folder, on: request.context)
            request.flash(.success, request.text("payments_templateSaved", ["name": template.name]))
            return PaymentsURL.payment(id: payment.id)
        } showAgain: { errors, status in
            try await renderShow(payment, request, form: nil, errors: errors, status: status)
        }
    }

    @Sendable static func changeFavourite(_ request: Request) async throws -> Response {
        let form = try request.content.decode(FavouriteForm.self)
        guard let change = form.change.flatMap(PaymentFavourites.Change.init(rawValue:)), let key = form.key else {
            throw Abort(.badRequest, reason: request.text("payments_favouriteInvalid"))
        }
        try await PaymentFavourites.change(String(key.prefix(60)), change, on: request.context)
        return request.redirect(to: PaymentsURL.index)
    }

    private static func renderTemplates(_ request: Request, editing: PaymentTemplate?, form: TemplateForm?, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await PaymentPresentation.templatesPage(request.context, filter: (try? request.query.decode(TemplateFilter.self)) ?? TemplateFilter(), editing: editing, form: form, errors: errors)
        return try await request.renderPage("Payments/templates", title: "payments_templates_title", content: view, status: status, activeModule: .payments)
    }
}

struct SaveAsTemplateForm: Content {
    var name: String?
    var folder: String?
}

struct FavouriteForm: Content {
    var key: String?
    /// pin, unpin, up or down.
    var change: String?
}
