import Foundation
import ScanbookCore
import Vapor

/// How a scan reads on its pages.
enum CapturePresentation {
    /// Recent scans (those matching the `q` search when given) and the upload form. A search too
    /// long lists nothing and says why.
    static func indexPage(_ context: ServiceContext, search typed: String?) async throws -> CaptureIndexView {
        var errors: [String] = []
        var captures: [Capture] = []
        do {
            captures = try await CaptureService.recent(for: context, search: typed)
        } catch let error as UserFacingError {
            errors = error.messages(for: context)
        }
        return CaptureIndexView(
            rows: try captures.map { capture in
                let kind = context.text("capture_kind_\(capture.kind)")
                return CaptureIndexView.Row(
                    url: SiteURL.capture(id: try capture.requireID()).path,
                    title: capture.displayTitle(kindLabel: kind, locale: context.locale),
                    kind: kind,
                    status: capture.status.rawValue,
                    statusLabel: context.text("capture_status_\(capture.status.rawValue)"),
                    created: Formatting.dateTime(capture.createdAt, locale: context.locale)
                )
            },
            kinds: context.application.captureProcessors.standaloneKinds.map {
                CaptureIndexView.KindOption(value: $0.rawValue, label: context.text("capture_kind_\($0)"))
            },
            errors: errors,
            maxUpload: ByteCount(context.scanbookConfig.maxUploadBytes).description,
            maxUploadBytes: context.scanbookConfig.maxUploadBytes,
            search: typed ?? ""
        )
    }

    /// A scan's progress, then its page, text and word confidences. A stored result that no longer
    /// decodes shows the scan without them rather than an error.
    static func capturePage(_ capture: Capture, _ context: ServiceContext, errors: [String] = []) -> CaptureShowView {
        var document: CaptureShowView.Document?
        if capture.status == .done, capture.kind == .document, let json = capture.result,
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
        let kind = context.text("capture_kind_\(capture.kind)")
        return CaptureShowView(
            title: capture.displayTitle(kindLabel: kind, locale: context.locale),
            ownTitle: capture.title ?? "",
            maximumTitleLength: Capture.maximumTitleLength,
            editURL: SiteURL.capture(id: capture.id).path,
            deleteURL: SiteURL.capture(id: capture.id).path + "/delete",
            kind: kind,
            status: capture.status.rawValue,
            statusLabel: context.text("capture_status_\(capture.status.rawValue)"),
            pending: capture.status.isPending,
            attempts: capture.attempts,
            error: capture.error,
            imageURL: SiteURL.blob(id: capture.$blob.id).path,
            created: Formatting.dateTime(capture.createdAt, locale: context.locale, seconds: true),
            document: document,
            errors: errors
        )
    }
}
