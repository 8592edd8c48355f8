import Fluent
import ScanbookOCR
import Vapor

/// Meters (module 2): readings from photos of counters, consumption and cost over time.
struct MetersModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Meters") }
    var menuEntry: Module? { .meters }
    var migrations: [any Migration] { [CreateMeters(), CreateMeterReadings(), AddMeterCounterWindow()] }
    var blobReferences: [any ReferencesBlobs.Type] { [Meter.self, MeterReading.self] }

    func configure(_ app: Application, _ config: AppConfig) throws {
        app.stripReader = StripReader(reader: try DigitModels.reader(named: "meter", secondOpinion: true))
    }

    func homeFigure(_ context: ServiceContext) async throws -> String? {
        try await MeterPresentation.homeFigure(context)
    }

    /// Pages (signed-in, CSRF-checked) and API (bearer token).
    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        func page(_ url: MetersURL) -> [PathComponent] { url.pathComponents }
        web.get(page(.list), use: MeterWebController.index)
        web.upload(.POST, page(.list), limit: maxUpload, use: MeterWebController.create)
        web.get(page(.read), use: MeterReadWebController.start)
        web.upload(.POST, page(.read), limit: maxUpload, use: MeterReadWebController.identify)
        web.get(page(.readPhoto(photo: nil)), use: MeterReadWebController.showPhoto)
        web.upload(.POST, page(.readPhoto(photo: nil)), limit: maxUpload, use: MeterReadWebController.readCounter)
        web.get(page(.meter(id: nil)), use: MeterWebController.show)
        web.post(page(.meter(id: nil)), use: MeterWebController.update)
        web.upload(.POST, page(.reference(id: nil)), limit: maxUpload, use: MeterWebController.setReference)
        web.post(page(.window(id: nil)), use: MeterWebController.setWindow)
        web.get(page(.delete(id: nil)), use: MeterWebController.confirmDelete)
        web.post(page(.delete(id: nil)), use: MeterWebController.delete)
        web.post(page(.readings(id: nil)), use: ReadingWebController.add)
        web.post(page(.reading(id: nil, reading: nil)), use: ReadingWebController.update)
        web.post(page(.deleteReading(id: nil, reading: nil)), use: ReadingWebController.delete)
        web.get(page(.export(id: nil)), use: ReadingWebController.export)
        web.upload(.POST, page(.importCSV(id: nil)), limit: maxUpload, use: ReadingWebController.importCSV)

        func route(_ route: MetersAPIRoute) -> [PathComponent] { route.pathComponents }
        api.get(route(.meters), use: MeterAPIController.list)
        api.post(route(.meters), use: MeterAPIController.create)
        api.upload(.POST, route(.identify), limit: maxUpload, use: MeterAPIController.identify)
        api.get(route(.meter(id: nil)), use: MeterAPIController.show)
        api.patch(route(.meter(id: nil)), use: MeterAPIController.update)
        api.delete(route(.meter(id: nil)), use: MeterAPIController.delete)
        api.upload(.PUT, route(.reference(id: nil)), limit: maxUpload, use: MeterAPIController.setReference)
        api.upload(.POST, route(.read(id: nil)), limit: maxUpload, use: MeterAPIController.read)
        api.get(route(.readings(id: nil)), use: MeterAPIController.readings)
        api.post(route(.readings(id: nil)), use: MeterAPIController.addReading)
        api.patch(route(.reading(id: nil, reading: nil)), use: MeterAPIController.updateReading)
        api.delete(route(.reading(id: nil, reading: nil)), use: MeterAPIController.deleteReading)
        api.get(route(.consumption(id: nil)), use: MeterAPIController.consumption)
        api.get(route(.csv(id: nil)), use: MeterAPIController.exportCSV)
        api.upload(.POST, route(.csv(id: nil)), limit: maxUpload, use: MeterAPIController.importCSV)
    }
}
