import Foundation
import ScanbookCore
import Vapor

/// The scan pages: upload a photo, watch its job, see what was read.
enum CaptureWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await request.renderPage("Captures/index", title: "captures_title", content: try await CapturePresentation.indexPage(request))
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        do {
            let capture = try await CaptureService.enqueue(try request.content.decode(CaptureUploadForm.self), on: request)
            return request.redirect(to: .capture(id: capture.id))
        } catch let error as UserFacingError {
            var view = try await CapturePresentation.indexPage(request)
            view.errors = error.messages(for: request)
            return try await request.renderPage("Captures/index", title: "captures_title", content: view, status: error.status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let capture = try await CaptureService.find(request.id(.capture), on: request)
        let response = try await request.renderPage("Captures/show", title: "capture_title", content: CapturePresentation.capturePage(capture, request))
        if capture.status.isPending {
            // Works without JavaScript: the browser reloads until the job is done.
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
        }
        return response
    }
}
