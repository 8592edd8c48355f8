import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The template pages: the list, a template with its pages, regions, links, roster and sharing.
enum FormWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await renderIndex(request, errors: [], status: .ok)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let input = try request.content.decode(FormTemplateInput.self)
        return try await request.change {
            let template = try await FormTemplateService.create(name: input.name, description: input.description, on: request.context)
            request.flash(.success, request.text("forms_created", ["name": template.name]))
            return FormsURL.template(id: template.id)
        } showAgain: { errors, status in
            try await renderIndex(request, name: input.name ?? "", description: input.description ?? "", errors: errors, status: status)
        }
    }

    @Sendable static func importFolder(_ request: Request) async throws -> Response {
        let files = try request.content.decode(FormFolderUpload.self).files ?? []
        return try await request.change {
            let template = try await FormTemplateFolder.importFiles(files, on: request.context)
            request.flash(.success, request.text("forms_imported", ["name": template.name]))
            return FormsURL.template(id: template.id)
        } showAgain: { errors, status in
            try await renderIndex(request, errors: errors, status: status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await renderTemplate(template, access, request, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            let input = try request.content.decode(FormTemplateInput.self)
            try await FormTemplateService.update(template, name: input.name, description: input.description, gradeStep: input.gradeStep, on: request.context)
            return "forms_saved"
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .owner, on: request.context)
        try await FormTemplateService.delete(template, on: request.context)
        request.flash(.success, request.text("forms_deleted", ["name": template.name]))
        return request.redirect(to: FormsURL.index)
    }

    @Sendable static func addPage(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            _ = try await FormPageService.setPhoto(try request.content.decode(FormPageUpload.self).photo, of: template, number: nil, on: request.context)
            return "forms_pageAdded"
        }
    }

    @Sendable static func retakePage(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            let page = try await FormAPIController.page(of: template, request)
            _ = try await FormPageService.setPhoto(try request.content.decode(FormPageUpload.self).photo, of: template, number: page.number, on: request.context)
            return "forms_pageRetaken"
        }
    }

    @Sendable static func setCorners(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            let page = try await FormAPIController.page(of: template, request)
            try await FormPageService.setCorners(try request.content.decode(FormCornersInput.self).corners, of: page, template: template, on: request.context)
            return "forms_cornersSaved"
        }
    }

    @Sendable static func deletePage(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            try await FormPageService.delete(try await FormAPIController.page(of: template, request), of: template, on: request.context)
            return "forms_pageDeleted"
        }
    }

    @Sendable static func pageImage(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await FormBlobs.serve(try await FormAPIController.page(of: template, request).$image.id, on: request.context)
    }

    @Sendable static func pagePhoto(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await FormBlobs.serve(try await FormAPIController.page(of: template, request).$photo.id, on: request.context)
    }

    @Sendable static func setRegions(_ request: Request) async throws -> Response {
        try await edit(request) { template, request in
            try await FormTemplateService.setRegions(try request.content.decode(FormRegionRows.self).regions(), of: template, on: request.context)
            return "forms_regionsSaved"
        }
    }

    @Sendable static func setLinks(_ request: Request) async throws -> Response {
        let text = try request.content.decode(FormLinksInput.self).links ?? ""
        return try await edit(request, linksText: text) { template, request in
            try await FormTemplateService.setLinks(text: text, of: template, on: request.context)
            return "forms_linksSaved"
        }
    }

    /// The CSV typed in, or a chosen file (which wins).
    @Sendable static func setRoster(_ request: Request) async throws -> Response {
        _ = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let form = try request.content.decode(FormRosterForm.self)
        var text = form.roster ?? ""
        if let file = form.file, file.data.readableBytes > 0 {
            guard file.data.readableBytes <= 2_000_000 else { throw UserFacingError(.payloadTooLarge, "forms_rosterTooLarge").abort(for: request) }
            text = String(decoding: file.data.readableBytesView, as: UTF8.self)
        }
        if let source = form.from.flatMap(UUID.init(uuidString:)) {
            return try await edit(request) { template, request in
                try await FormTemplateService.copyRoster(from: source, to: template, on: request.context)
                return "forms_rosterSaved"
            }
        }
        return try await edit(request, rosterText: text) { template, request in
            try await FormTemplateService.setRoster(csv: text, of: template, on: request.context)
            return "forms_rosterSaved"
        }
    }

    @Sendable static func share(_ request: Request) async throws -> Response {
        try await edit(request, needing: .owner) { template, request in
            let input = try request.content.decode(FormShareInput.self)
            _ = try await FormTemplateService.share(template, email: input.email, canEdit: try FormAPIController.canEdit(input.access), on: request.context)
            return "forms_invited"
        }
    }

    @Sendable static func acceptInvitation(_ request: Request) async throws -> Response {
        try await request.change {
            let template = try await FormInvitationService.accept(request.id(.formInvitation), on: request.context)
            request.flash(.success, request.text("forms_invitationAccepted", ["name": template.name]))
            return FormsURL.template(id: template.id)
        } showAgain: { errors, status in
            try await renderIndex(request, errors: errors, status: status)
        }
    }

    @Sendable static func declineInvitation(_ request: Request) async throws -> Response {
        try await request.change {
            try await FormInvitationService.decline(request.id(.formInvitation), on: request.context)
            request.flash(.success, request.text("forms_invitationDeclined"))
            return FormsURL.index
        } showAgain: { errors, status in
            try await renderIndex(request, errors: errors, status: status)
        }
    }

    @Sendable static func unshare(_ request: Request) async throws -> Response {
        try await edit(request, needing: .owner) { template, request in
            try await FormTemplateService.unshare(template, share: request.id(.share), on: request.context)
            return "forms_unshared"
        }
    }

    /// A change to a template the user may edit, then back to the template page with `message`;
    /// a refusal shows the page again with what was typed.
    private static func edit(
        _ request: Request, needing: FormAccess = .edit, linksText: String? = nil, rosterText: String? = nil,
        _ body: @escaping (FormTemplate, Request) async throws -> String
    ) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: needing, on: request.context)
        return try await request.change {
            let message = try await body(template, request)
            request.flash(.success, request.text(message))
            return FormsURL.template(id: template.id)
        } showAgain: { errors, status in
            // The record may hold values the refused change set; the page shows what is stored.
            guard let fresh = try await FormTemplate.find(template.id, on: request.db) else { throw Abort(.notFound) }
            return try await renderTemplate(fresh, access, request, linksText: linksText, rosterText: rosterText, errors: errors, status: status)
        }
    }

    private static func renderIndex(_ request: Request, name: String = "", description: String = "", errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await FormPresentation.index(request.context, name: name, description: description, errors: errors)
        return try await request.renderPage("Forms/index", title: "forms_title", content: view, status: status, activeModule: .forms)
    }

    static func renderTemplate(_ template: FormTemplate, _ access: FormAccess, _ request: Request, linksText: String? = nil, rosterText: String? = nil, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await FormPresentation.template(template, access: access, request.context, linksText: linksText, rosterText: rosterText, errors: errors)
        return try await request.renderPage("Forms/template", title: "forms_template_title", content: view, status: status, activeModule: .forms)
    }
}
