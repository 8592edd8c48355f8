import Fluent
import Foundation
import ScanbookCore
import Vapor

/// The form templates JSON API: templates, pages, regions, links, roster and sharing.
enum FormAPIController {
    @Sendable static func list(_ request: Request) async throws -> [FormTemplateDTO] {
        var templates: [FormTemplateDTO] = []
        for (template, access) in try await FormTemplateService.all(on: request.context) {
            templates.append(try FormTemplateDTO(template, access: access, pages: try await FormTemplateService.pages(of: template, on: request.db)))
        }
        return templates
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        let input = try request.content.decode(FormTemplateInput.self)
        let template = try await FormTemplateService.create(name: input.name, description: input.description, gradeStep: input.gradeStep, on: request.context)
        return try await request.created(try FormTemplateDTO(template, access: .owner, pages: []), at: FormsAPIRoute.template(id: template.id))
    }

    @Sendable static func show(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await dto(template, access, request)
    }

    @Sendable static func update(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let input = try request.content.decode(FormTemplateInput.self)
        try await FormTemplateService.update(template, name: input.name ?? template.name, description: input.description ?? template.description, gradeStep: input.gradeStep, on: request.context)
        return try await dto(template, access, request)
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .owner, on: request.context)
        try await FormTemplateService.delete(template, on: request.context)
        return .noContent
    }

    @Sendable static func addPage(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let page = try await FormPageService.setPhoto(try request.content.decode(FormPageUpload.self).photo, of: template, number: nil, on: request.context)
        return try await request.created(try await dto(template, access, request), at: FormsAPIRoute.page(id: template.id, page: page.number))
    }

    /// multipart `photo`: a new photo of the page; JSON `corners`: the page warped again from them.
    @Sendable static func updatePage(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let page = try await page(of: template, request)
        if request.headers.contentType == .formData {
            _ = try await FormPageService.setPhoto(try request.content.decode(FormPageUpload.self).photo, of: template, number: page.number, on: request.context)
        } else {
            try await FormPageService.setCorners(try request.content.decode(FormCornersInput.self).corners, of: page, template: template, on: request.context)
        }
        return try await dto(template, access, request)
    }

    @Sendable static func deletePage(_ request: Request) async throws -> HTTPStatus {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        try await FormPageService.delete(try await page(of: template, request), of: template, on: request.context)
        return .noContent
    }

    @Sendable static func pageImage(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await FormBlobs.serve(try await page(of: template, request).$image.id, on: request.context)
    }

    @Sendable static func setRegions(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        try await FormTemplateService.setRegions(try request.content.decode([FormRegion].self), of: template, on: request.context)
        return try await dto(template, access, request)
    }

    @Sendable static func setLinks(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let links: [FormLink]
        do {
            links = try request.content.decode([FormLink].self)
        } catch let invalid as FormLink.InvalidScale {
            throw UserFacingError(.unprocessableEntity, "forms_linksInvalid", ["reason": invalid.description])
        }
        try await FormTemplateService.setLinks(links, of: template, on: request.context)
        return try await dto(template, access, request)
    }

    /// JSON `{"csv": …}` or a `text/csv` body.
    @Sendable static func setRoster(_ request: Request) async throws -> FormTemplateDTO {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        if request.headers.contentType == .json {
            let input = try request.content.decode(FormRosterInput.self)
            if let source = input.from {
                try await FormTemplateService.copyRoster(from: source, to: template, on: request.context)
            } else {
                try await FormTemplateService.setRoster(csv: input.csv ?? "", of: template, on: request.context)
            }
        } else {
            try await FormTemplateService.setRoster(csv: request.body.string ?? "", of: template, on: request.context)
        }
        return try await dto(template, access, request)
    }

    @Sendable static func shares(_ request: Request) async throws -> [FormShareDTO] {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .owner, on: request.context)
        return try await FormTemplateService.sharings(of: template, on: request.db).map(FormShareDTO.init)
    }

    @Sendable static func share(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .owner, on: request.context)
        let input = try request.content.decode(FormShareInput.self)
        let sharing = try FormShareDTO(try await FormTemplateService.share(template, email: input.email, canEdit: try canEdit(input.access), on: request.context))
        return try await request.created(sharing, at: FormsAPIRoute.share(id: template.id, share: sharing.id))
    }

    /// Invitations to my address.
    @Sendable static func invitations(_ request: Request) async throws -> [FormInvitationDTO] {
        try await FormInvitationService.pending(for: request.context).map(FormInvitationDTO.init)
    }

    @Sendable static func acceptInvitation(_ request: Request) async throws -> FormTemplateDTO {
        let template = try await FormInvitationService.accept(request.id(.formInvitation), on: request.context)
        let (found, access) = try await FormTemplate.find(template.id, needing: .read, on: request.context)
        return try await dto(found, access, request)
    }

    @Sendable static func declineInvitation(_ request: Request) async throws -> HTTPStatus {
        try await FormInvitationService.decline(request.id(.formInvitation), on: request.context)
        return .noContent
    }

    @Sendable static func unshare(_ request: Request) async throws -> HTTPStatus {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .owner, on: request.context)
        try await FormTemplateService.unshare(template, share: request.id(.share), on: request.context)
        return .noContent
    }

    /// `template.json` as the command line reads it (the page images are `page1.jpg`, … beside it).
    @Sendable static func export(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: request.db))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return .attachment(try encoder.encode(file), contentType: "application/json; charset=utf-8", name: "template", fallback: "template", extension: "json")
    }

    @Sendable static func exportFolder(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return .attachment(Data(try await FormTemplateFolder.export(template, on: request.context)), contentType: "application/zip", name: template.name, fallback: "template", extension: "zip")
    }

    /// multipart `files[]`: the folder's files, or the one ZIP `exportFolder` gives.
    @Sendable static func importFolder(_ request: Request) async throws -> Response {
        let template = try await FormTemplateFolder.importFiles(try request.content.decode(FormFolderUpload.self).files ?? [], on: request.context)
        return try await request.created(try await dto(template, .owner, request), at: FormsAPIRoute.template(id: template.id))
    }

    static func canEdit(_ access: String?) throws -> Bool {
        switch access ?? "read" {
        case "read": false
        case "edit": true
        default: throw UserFacingError(.unprocessableEntity, "forms_shareAccessInvalid")
        }
    }

    static func page(of template: FormTemplate, _ request: Request) async throws -> FormPage {
        guard let number = request.pageNumber(),
              let page = try await FormPage.query(on: request.db).filter(\.$template.$id == template.requireID()).filter(\.$number == number).first() else {
            throw Abort(.notFound)
        }
        return page
    }

    /// The template as stored now (a change may have saved a fresh copy of the record).
    private static func dto(_ template: FormTemplate, _ access: FormAccess, _ request: Request) async throws -> FormTemplateDTO {
        guard let stored = try await FormTemplate.find(template.id, on: request.db) else { throw Abort(.notFound) }
        return try FormTemplateDTO(stored, access: access, pages: try await FormTemplateService.pages(of: stored, on: request.db))
    }
}
