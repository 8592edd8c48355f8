import Fluent
import ScanbookOCR
import Vapor

/// Captures (platform): the scan page and API, the job queue and the plain `document` processor
/// that every module's photos go through.
struct CapturesModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Captures") }
    var migrations: [any Migration] { [CreateCaptures(), AddCaptureTitles(), CreateCaptureDerivedBlobs()] }
    var blobReferences: [any ReferencesBlobs.Type] { [Capture.self, CaptureDerivedBlob.self] }

    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor] {
        [DocumentCaptureProcessor(scanner: DocumentScanner(ocrOptions: OCROptions(languages: config.ocrLanguages)), reading: DocumentReading(engine: config.ocrEngine))]
    }

    func registerRoutes(_ routes: ModuleRoutes) {
        routes.pages.get(SiteURL.captures.pathComponents, use: CaptureWebController.index)
        routes.pages.upload(.POST, SiteURL.captures.pathComponents, limit: routes.uploadLimit, use: CaptureWebController.create)
        routes.pages.get(SiteURL.capture(id: nil).pathComponents, use: CaptureWebController.show)
        routes.pages.post(SiteURL.capture(id: nil).pathComponents, use: CaptureWebController.update)
        routes.pages.post(SiteURL.capture(id: nil).pathComponents + ["delete"], use: CaptureWebController.delete)
        routes.api.upload(.POST, APIRoute.captures.pathComponents, limit: routes.uploadLimit, use: CaptureAPIController.create)
        routes.api.get(APIRoute.captures.pathComponents, use: CaptureAPIController.list)
        routes.api.get(APIRoute.capture(id: nil).pathComponents, use: CaptureAPIController.show)
        routes.api.patch(APIRoute.capture(id: nil).pathComponents, use: CaptureAPIController.update)
        routes.api.delete(APIRoute.capture(id: nil).pathComponents, use: CaptureAPIController.delete)
    }
}
