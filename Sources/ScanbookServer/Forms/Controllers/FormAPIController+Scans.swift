import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Scans of filled forms, corrections and results.
extension FormAPIController {
    @Sendable static func scans(_ request: Request) async throws -> [FormScanDTO] {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: request.db))
        return try await FormScanService.all(of: template, on: request.db).map { try FormScanDTO($0, template: template, file: file) }
    }

    /// multipart `photos[]`: the pages of one or more filled forms, in order; 202 while they are read.
    @Sendable static func addScans(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let scans = try await FormScanService.upload(try request.content.decode(FormScanUpload.self).photos ?? [], to: template, on: request.context)
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: request.db))
        let body = try scans.map { try FormScanDTO($0, template: template, file: file) }
        return try await request.created(body, at: FormsAPIRoute.scans(id: template.id), status: .accepted)
    }

    @Sendable static func scan(_ request: Request) async throws -> FormScanDTO {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let scan = try await FormScanService.find(request.id(.scan), of: template, on: request.db)
        return try FormScanDTO(scan, template: template, file: template.file(pages: try await FormTemplateService.pages(of: template, on: request.db)))
    }

    @Sendable static func correct(_ request: Request) async throws -> FormScanDTO {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let scan = try await FormScanService.find(request.id(.scan), of: template, on: request.db)
        _ = try await FormScanService.correct(scan, of: template, values: try request.content.decode(FormCorrectionInput.self).values, on: request.context)
        return try FormScanDTO(scan, template: template, file: template.file(pages: try await FormTemplateService.pages(of: template, on: request.db)))
    }

    @Sendable static func deleteScan(_ request: Request) async throws -> HTTPStatus {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        try await FormScanService.delete(try await FormScanService.find(request.id(.scan), of: template, on: request.db), on: request.context)
        return .noContent
    }

    @Sendable static func resultsCSV(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return .csv(try await FormScanService.csv(of: template, on: request.db), name: template.name, fallback: "results")
    }

    @Sendable static func grades(_ request: Request) async throws -> [FormGradeDTO] {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let (file, rows) = try await FormScanService.rows(of: template, on: request.db)
        return FormResultTable.grades(file, rows: rows).map(FormGradeDTO.init)
    }
}
