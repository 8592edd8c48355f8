import Foundation
import ScanbookCore
import Vapor

/// How a scan reads on its pages.
enum CapturePresentation {
    /// Recent scans and the upload form.
    static func indexPage(_ request: Request) async throws -> CaptureIndexView {
        return CaptureIndexView(
            rows: try await CaptureService.recent(for: request).map { capture in
                CaptureIndexView.Row(
                    url: SiteURL.capture(id: try capture.requireID()).path,
                    kind: request.text("capture_kind_\(capture.kind)"),
                    status: capture.status.rawValue,
                    statusLabel: request.text("capture_status_\(capture.status.rawValue)"),
                    created: Formatting.dateTime(capture.createdAt, locale: request.locale)
                )
            },
            kinds: request.application.captureProcessors.kinds.map {
                CaptureIndexView.KindOption(value: $0, label: request.text("capture_kind_\($0)"))
            },
            maxUpload: ByteCount(request.scanbookConfig.maxUploadBytes).description
        )
    }

    /// A scan's progress, then its page, text and word confidences. A stored result that no longer
    /// decodes shows the scan without them rather than an error.
    static func capturePage(_ capture: Capture, _ request: Request) -> CaptureShowView {
        var document: CaptureShowView.Document?
        if capture.status == .done, capture.kind == "document", let json = capture.result,
           let result = try? JSONDecoder().decode(DocumentCaptureResult.self, from: Data(json.utf8)) {
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
            created: Formatting.dateTime(capture.createdAt, locale: request.locale, seconds: true),
            document: document
        )
    }
}
