import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Scanning filled forms, the results table and the review of one form.
extension FormWebController {
    @Sendable static func scans(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        return try await renderScans(template, access, request, errors: [], status: .ok)
    }

    @Sendable static func addScans(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        return try await request.change {
            let scans = try await FormScanService.upload(try request.content.decode(FormScanUpload.self).photos ?? [], to: template, on: request.context)
            request.flash(.success, request.text("forms_scansQueued", ["count": "\(scans.count)"]))
            return FormsURL.scans(id: template.id)
        } showAgain: { errors, status in
            try await renderScans(template, access, request, errors: errors, status: status)
        }
    }

    @Sendable static func scan(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let scan = try await FormScanService.find(request.id(.scan), of: template, on: request.db)
        return try await renderScan(scan, template, access, request, errors: [], status: .ok)
    }

    /// `region[]` and `value[]`: each region's name with its value, as the review page lists them
    /// (by name, so a template changed meanwhile cannot put a value under another region).
    @Sendable static func correct(_ request: Request) async throws -> Response {
        let (template, access) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        let scan = try await FormScanService.find(request.id(.scan), of: template, on: request.db)
        let form = try request.content.decode(FormReviewForm.self)
        let names = form.region ?? [], typed = form.value ?? []
        guard names.count == typed.count, Set(names) == Set(template.regions.map(\.name)) else {
            throw UserFacingError(.conflict, "forms_templateChanged").abort(for: request)
        }
        let values = Dictionary(zip(names, typed), uniquingKeysWith: { first, _ in first })
        return try await request.change {
            let review = try await FormScanService.correct(scan, of: template, values: values, on: request.context)
            request.flash(review.ok ? .success : .error, request.text(review.ok ? "forms_scanSaved" : "forms_scanSavedWithProblems"))
            return FormsURL.scan(id: template.id, scan: scan.id)
        } showAgain: { errors, status in
            try await renderScan(scan, template, access, request, typed: values, errors: errors, status: status)
        }
    }

    @Sendable static func deleteScan(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .edit, on: request.context)
        try await FormScanService.delete(try await FormScanService.find(request.id(.scan), of: template, on: request.db), on: request.context)
        request.flash(.success, request.text("forms_scanDeleted"))
        return request.redirect(to: FormsURL.scans(id: template.id))
    }

    @Sendable static func regionCrop(_ request: Request) async throws -> Response {
        let (template, _) = try await FormTemplate.find(request.id(.formTemplate), needing: .read, on: request.context)
        let scan = try await FormScanService.find(request.id(.scan), of: template, on: request.db)
        let regions = template.regions
        guard let index = request.parameters.get(RouteParameter.region.rawValue, as: Int.self), regions.indices.contains(index) else { throw Abort(.notFound) }
        return try await FormBlobs.crop(regions[index], of: scan, on: request.context)
    }

    private static func renderScans(_ template: FormTemplate, _ access: FormAccess, _ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await FormPresentation.scans(template, access: access, request.context, errors: errors)
        let response = try await request.renderPage("Forms/scans", title: "forms_scans_title", content: view, status: status, activeModule: .forms)
        // Forms still being read: the page looks again by itself.
        if view.pending > 0 { response.headers.replaceOrAdd(name: "Refresh", value: "2") }
        return response
    }

    private static func renderScan(_ scan: FormScan, _ template: FormTemplate, _ access: FormAccess, _ request: Request, typed: [String: String]? = nil, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = try await FormPresentation.scan(scan, of: template, access: access, request.context, typed: typed, errors: errors)
        let response = try await request.renderPage("Forms/scan", title: "forms_scan_title", content: view, status: status, activeModule: .forms)
        if scan.state == .reading { response.headers.replaceOrAdd(name: "Refresh", value: "2") }
        return response
    }
}

struct FormReviewForm: Content {
    var region: [String]?
    var value: [String]?
}
