import Foundation
import ScanbookCore
import Vapor

/// The scan pages: upload a photo, watch its job, see what was read; name, find and delete scans.
enum CaptureWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        let view = try await CapturePresentation.indexPage(request.context, search: try? request.query.get(String.self, at: "q"))
        // The only error a plain visit can show is a search too long.
        return try await request.renderPage("Captures/index", title: "captures_title", content: view, status: view.errors.isEmpty ? .ok : .badRequest)
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        do {
            let capture = try await CaptureService.enqueue(try request.content.decode(CaptureUploadForm.self), on: request.context)
            request.flash(.success, request.text("capture_uploaded"))
            return request.redirect(to: .capture(id: capture.id))
        } catch let error as UserFacingError {
            var view = try await CapturePresentation.indexPage(request.context, search: try? request.query.get(String.self, at: "q"))
            view.errors = error.messages(for: request)
            return try await request.renderPage("Captures/index", title: "captures_title", content: view, status: error.status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        try await renderShow(try await CaptureService.find(request.id(.capture), on: request.context), request, errors: [], status: .ok)
    }

    @Sendable static func update(_ request: Request) async throws -> Response {
        let capture = try await CaptureService.find(request.id(.capture), on: request.context)
        return try await request.change {
            try await CaptureService.rename(capture, to: try request.content.decode(CaptureChanges.self).title, on: request.context)
            request.flash(.success, request.text("capture_saved"))
            return SiteURL.capture(id: capture.id)
        } showAgain: { errors, status in
            try await renderShow(try await CaptureService.find(capture.id, on: request.context), request, errors: errors, status: status)
        }
    }

    @Sendable static func delete(_ request: Request) async throws -> Response {
        let capture = try await CaptureService.find(request.id(.capture), on: request.context)
        return try await request.change {
            try await CaptureService.delete(capture, on: request.context)
            request.flash(.success, request.text("capture_deleted"))
            return SiteURL.captures
        } showAgain: { errors, status in
            try await renderShow(capture, request, errors: errors, status: status)
        }
    }

    private static func renderShow(_ capture: Capture, _ request: Request, errors: [String], status: HTTPStatus) async throws -> Response {
        let view = CapturePresentation.capturePage(capture, request.context, errors: errors)
        let response = try await request.renderPage("Captures/show", title: "capture_title", content: view, status: status)
        if capture.status.isPending, status == .ok {
            // Works without JavaScript: the browser reloads until the job is done.
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
        }
        return response
    }
}
