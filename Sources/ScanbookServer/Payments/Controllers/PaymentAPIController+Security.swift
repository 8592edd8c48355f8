import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Whitelists, the authenticator, signing, codelines and the audit log in the JSON API.
extension PaymentAPIController {
    /// The user's entries, then the global ones.
    @Sendable static func whitelist(_ request: Request) async throws -> [WhitelistEntryDTO] {
        let personal = try await WhitelistService.personal(on: request.context)
        let global = try await WhitelistService.global(on: request.db)
        return try (personal + global).map(WhitelistEntryDTO.init)
    }

    @Sendable static func addWhitelistEntry(_ request: Request) async throws -> Response {
        try await addWhitelistEntry(request, global: false)
    }

    @Sendable static func addGlobalWhitelistEntry(_ request: Request) async throws -> Response {
        try await addWhitelistEntry(request, global: true)
    }

    private static func addWhitelistEntry(_ request: Request, global: Bool) async throws -> Response {
        let entry = try await WhitelistService.add(try request.content.decode(WhitelistForm.self), global: global, on: request.context)
        return try await request.created(WhitelistEntryDTO(entry), at: PaymentsAPIRoute.whitelistEntry(id: entry.id))
    }

    @Sendable static func changeWhitelistLimit(_ request: Request) async throws -> WhitelistEntryDTO {
        let entry = try await WhitelistService.find(request.id(.entry), on: request.context)
        let form = try request.content.decode(WhitelistLimitForm.self)
        return try WhitelistEntryDTO(try await WhitelistService.changeLimit(entry, limit: form.limit, currency: form.currency, code: form.code, on: request.context))
    }

    @Sendable static func deleteWhitelistEntry(_ request: Request) async throws -> HTTPStatus {
        try await WhitelistService.delete(try await WhitelistService.find(request.id(.entry), on: request.context), on: request.context)
        return .noContent
    }

    /// The secret comes back this once; confirm it with a first code.
    @Sendable static func startEnrolment(_ request: Request) async throws -> Response {
        let enrolment = try await PaymentSigning.startEnrolment(on: request.context)
        return try await EnrolmentDTO(secret: enrolment.secret, uri: enrolment.uri).encodeResponse(status: .created, for: request)
    }

    @Sendable static func confirmEnrolment(_ request: Request) async throws -> HTTPStatus {
        try await PaymentSigning.confirmEnrolment(code: try request.content.decode(CodeForm.self).code, on: request.context)
        return .noContent
    }

    @Sendable static func removeAuthenticator(_ request: Request) async throws -> HTTPStatus {
        try await PaymentSigning.remove(code: try request.content.decode(CodeForm.self).code, on: request.context)
        return .noContent
    }

    @Sendable static func sign(_ request: Request) async throws -> PaymentDTO {
        let payment = try await PaymentService.find(request.id(.payment), on: request.context)
        let form = try request.content.decode(CodeForm.self)
        return try PaymentDTO(try await PaymentSigning.sign(payment, code: form.code, shown: form.contentDigest, on: request.context))
    }

    @Sendable static func readCodeline(_ request: Request) async throws -> CodelineReadingDTO {
        let input = try request.content.decode(CodelineInput.self)
        return try CodelineReadingDTO(try await PaymentCodelines.read(input.codeline, on: request.context), context: request.context)
    }

    /// A pain.002 document as the body.
    @Sendable static func applyStatusReport(_ request: Request) async throws -> StatusReportDTO {
        let bytes = request.body.data.map { Array($0.readableBytesView) } ?? []
        guard !bytes.isEmpty else { throw UserFacingError(.unprocessableEntity, "payments_reportMissing") }
        let outcome = try await PaymentStatusReports.apply(bytes, on: request.context)
        return StatusReportDTO(file: try outcome.file.requireID(), messageID: outcome.file.messageID, rejected: outcome.rejected)
    }

    /// The user's own entries, newest first (at most 200).
    @Sendable static func audit(_ request: Request) async throws -> [AuditEntryDTO] {
        let userID = try request.auth.require(User.self).requireID()
        return try await AuditEntry.query(on: request.db).filter(\.$actorID == userID).sort(\.$sequence, .descending).limit(200).all().map(AuditEntryDTO.init)
    }
}

/// Templates and folders in the JSON API.
extension PaymentAPIController {
    /// `?folder=<id>|none`, `?q=` text in the name or beneficiary.
    @Sendable static func templates(_ request: Request) async throws -> [PaymentTemplateDTO] {
        let folder = try? request.query.get(String.self, at: "folder")
        // The page's filter sends an empty folder for "all"; the API leaves the parameter out.
        if folder?.isEmpty == true { throw UserFacingError(.badRequest, "payments_folderUnknown") }
        let name = try? request.query.get(String.self, at: "q")
        return try await PaymentTemplateService.list(folder: folder, name: name, on: request.context).map(PaymentTemplateDTO.init)
    }

    @Sendable static func addTemplate(_ request: Request) async throws -> Response {
        let template = try await PaymentTemplateService.save(try request.content.decode(TemplateForm.self), on: request.context)
        return try await request.created(PaymentTemplateDTO(template), at: PaymentsAPIRoute.template(id: template.id))
    }

    @Sendable static func template(_ request: Request) async throws -> PaymentTemplateDTO {
        try PaymentTemplateDTO(try await PaymentTemplate.find(request.id(.template), ownedBy: request))
    }

    @Sendable static func updateTemplate(_ request: Request) async throws -> PaymentTemplateDTO {
        let template = try await PaymentTemplate.find(request.id(.template), ownedBy: request)
        return try PaymentTemplateDTO(try await PaymentTemplateService.save(try request.content.decode(TemplateForm.self), into: template, on: request.context))
    }

    @Sendable static func deleteTemplate(_ request: Request) async throws -> HTTPStatus {
        try await PaymentTemplateService.delete(try await PaymentTemplate.find(request.id(.template), ownedBy: request), on: request.context)
        return .noContent
    }

    @Sendable static func folders(_ request: Request) async throws -> [TemplateFolderDTO] {
        try await PaymentTemplateService.folders(on: request.context).map(TemplateFolderDTO.init)
    }

    @Sendable static func addFolder(_ request: Request) async throws -> Response {
        let folder = try await PaymentTemplateService.addFolder(try request.content.decode(FolderForm.self), on: request.context)
        return try await request.created(TemplateFolderDTO(folder), at: PaymentsAPIRoute.folder(id: folder.id))
    }

    @Sendable static func deleteFolder(_ request: Request) async throws -> HTTPStatus {
        try await PaymentTemplateService.deleteFolder(try await PaymentTemplateFolder.find(request.id(.folder), ownedBy: request), on: request.context)
        return .noContent
    }
}

struct StatusReportDTO: Content {
    let file: UUID
    let messageID: String
    /// Payments the report rejected (now `rejected`, with the reason).
    let rejected: Int
}
