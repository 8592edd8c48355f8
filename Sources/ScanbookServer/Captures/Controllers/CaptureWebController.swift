import Foundation
import ScanbookCore
import Vapor

/// The scan pages: upload a photo, watch its job, see what was read.
enum CaptureWebController {
    @Sendable static func index(_ request: Request) async throws -> Response {
        try await request.renderPage("Captures/index", title: "captures_title", content: try await indexView(request))
    }

    @Sendable static func create(_ request: Request) async throws -> Response {
        do {
            let capture = try await CaptureService.enqueue(try request.content.decode(CaptureUploadForm.self), on: request)
            return request.redirect(to: .capture(id: capture.id))
        } catch let error as UserFacingError {
            var view = try await indexView(request)
            view.errors = error.messages(for: request)
            return try await request.renderPage("Captures/index", title: "captures_title", content: view, status: error.status)
        }
    }

    @Sendable static func show(_ request: Request) async throws -> Response {
        let capture = try await CaptureService.find(request.id(.capture), on: request)
        let response = try await request.renderPage("Captures/show", title: "capture_title", content: try showView(capture, request))
        if capture.status.isPending {
            // Works without JavaScript: the browser reloads until the job is done.
            response.headers.replaceOrAdd(name: "Refresh", value: "2")
        }
        return response
    }

    private static func indexView(_ request: Request) async throws -> CaptureIndexView {
        let format = Date.FormatStyle(date: .abbreviated, time: .shortened)
        return CaptureIndexView(
            rows: try await CaptureService.recent(for: request).map { capture in
                CaptureIndexView.Row(
                    url: SiteURL.capture(id: try capture.requireID()).path,
                    kind: request.text("capture_kind_\(capture.kind)"),
                    status: capture.status.rawValue,
                    statusLabel: request.text("capture_status_\(capture.status.rawValue)"),
                    created: capture.createdAt?.formatted(format) ?? ""
                )
            },
            kinds: request.application.captureProcessors.kinds.map {
                CaptureIndexView.KindOption(value: $0, label: request.text("capture_kind_\($0)"))
            },
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description
        )
    }

    private static func showView(_ capture: Capture, _ request: Request) throws -> CaptureShowView {
        var document: CaptureShowView.Document?
        if capture.status == .done, capture.kind == "document", let json = capture.result {
            let result = try JSONDecoder().decode(DocumentCaptureResult.self, from: Data(json.utf8))
            document = CaptureShowView.Document(
                found: result.found,
                pageURL: SiteURL.blob(id: result.pageImage).path,
                enhancedURL: SiteURL.blob(id: result.enhancedImage).path,
                text: result.ocr.text,
                meanConfidence: Int(clamping: result.ocr.meanConfidence.rounded(), within: 0...100),
                skew: String(format: "%.1f°", result.skewDegrees),
                words: result.ocr.words.map { word in
                    let confidence = Int(clamping: word.confidence.rounded(), within: 0...100)
                    return CaptureShowView.Word(text: word.text, confidence: confidence, level: confidence >= 85 ? "high" : confidence >= 60 ? "mid" : "low")
                },
                stages: result.timings.stages.map { CaptureShowView.Stage(name: $0.name, milliseconds: String(format: "%.0f", $0.milliseconds)) }
            )
        }
        return CaptureShowView(
            kind: request.text("capture_kind_\(capture.kind)"),
            status: capture.status.rawValue,
            statusLabel: request.text("capture_status_\(capture.status.rawValue)"),
            pending: capture.status.isPending,
            attempts: capture.attempts,
            error: capture.error,
            imageURL: SiteURL.blob(id: capture.$blob.id).path,
            created: capture.createdAt?.formatted(Date.FormatStyle(date: .abbreviated, time: .standard)) ?? "",
            document: document
        )
    }
}
