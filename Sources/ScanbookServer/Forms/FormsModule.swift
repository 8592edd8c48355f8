import Fluent
import ScanbookOCR
import Vapor

/// Form templates (module 5): a blank form photographed and marked up once, filled forms scanned
/// against it, checked and exported as a table.
struct FormsModule: ScanbookModule {
    var resources: ModuleResources? { .bundled("Forms") }
    var menuEntry: Module? { .forms }
    var migrations: [any Migration] {
        [CreateFormTemplates(), CreateFormPages(), CreateFormShares(), CreateFormScans(), CreateFormScanPages(), CreateFormInvitations()]
    }
    var blobReferences: [any ReferencesBlobs.Type] { [FormPage.self, FormScanPage.self] }

    /// The handwritten-digit model ships in the binary's resources; without it the module has no
    /// reader and scans wait (the capture page says the kind is unknown).
    func captureProcessors(_ config: AppConfig) -> [any CaptureProcessor] {
        guard let digits = try? DigitModels.reader(named: "handwritten") else { return [] }
        return [FormCaptureProcessor(digits: digits)]
    }

    func registerRoutes(_ routes: ModuleRoutes) {
        let web = routes.pages, api = routes.api, maxUpload = routes.uploadLimit
        // A batch of filled forms (or a template folder) in one post: five photos at the upload limit,
        // some 25 phone photos; bigger piles go in several batches rather than one huge body in memory.
        let batchLimit = ByteCount(value: maxUpload.value * 5)
        func page(_ url: FormsURL) -> [PathComponent] { url.pathComponents }
        web.get(page(.index), use: FormWebController.index)
        web.post(page(.index), use: FormWebController.create)
        web.get(page(.template(id: nil)), use: FormWebController.show)
        web.post(page(.template(id: nil)), use: FormWebController.update)
        web.post(page(.delete(id: nil)), use: FormWebController.delete)
        web.upload(.POST, page(.pages(id: nil)), limit: maxUpload, use: FormWebController.addPage)
        web.upload(.POST, page(.page(id: nil, page: nil)), limit: maxUpload, use: FormWebController.retakePage)
        web.post(page(.pageCorners(id: nil, page: nil)), use: FormWebController.setCorners)
        web.post(page(.deletePage(id: nil, page: nil)), use: FormWebController.deletePage)
        web.get(page(.pageImage(id: nil, page: nil)), use: FormWebController.pageImage)
        web.get(page(.pagePhoto(id: nil, page: nil)), use: FormWebController.pagePhoto)
        web.post(page(.regions(id: nil)), use: FormWebController.setRegions)
        web.post(page(.links(id: nil)), use: FormWebController.setLinks)
        web.upload(.POST, page(.roster(id: nil)), limit: maxUpload, use: FormWebController.setRoster)
        web.post(page(.shares(id: nil)), use: FormWebController.share)
        web.post(page(.deleteShare(id: nil, share: nil)), use: FormWebController.unshare)
        web.post(page(.acceptInvitation(invitation: nil)), use: FormWebController.acceptInvitation)
        web.post(page(.declineInvitation(invitation: nil)), use: FormWebController.declineInvitation)
        web.get(page(.scans(id: nil)), use: FormWebController.scans)
        web.upload(.POST, page(.scans(id: nil)), limit: batchLimit, use: FormWebController.addScans)
        web.get(page(.scan(id: nil, scan: nil)), use: FormWebController.scan)
        web.post(page(.scan(id: nil, scan: nil)), use: FormWebController.correct)
        web.post(page(.deleteScan(id: nil, scan: nil)), use: FormWebController.deleteScan)
        web.get(page(.regionCrop(id: nil, scan: nil, region: nil)), use: FormWebController.regionCrop)
        web.get(page(.resultsCSV(id: nil)), use: FormAPIController.resultsCSV)
        web.get(page(.export(id: nil)), use: FormAPIController.exportFolder)
        web.upload(.POST, page(.importFolder), limit: batchLimit, use: FormWebController.importFolder)

        func route(_ route: FormsAPIRoute) -> [PathComponent] { route.pathComponents }
        api.get(route(.templates), use: FormAPIController.list)
        api.post(route(.templates), use: FormAPIController.create)
        api.get(route(.template(id: nil)), use: FormAPIController.show)
        api.patch(route(.template(id: nil)), use: FormAPIController.update)
        api.delete(route(.template(id: nil)), use: FormAPIController.delete)
        api.upload(.POST, route(.pages(id: nil)), limit: maxUpload, use: FormAPIController.addPage)
        api.upload(.PUT, route(.page(id: nil, page: nil)), limit: maxUpload, use: FormAPIController.updatePage)
        api.delete(route(.page(id: nil, page: nil)), use: FormAPIController.deletePage)
        api.get(route(.pageImage(id: nil, page: nil)), use: FormAPIController.pageImage)
        api.put(route(.regions(id: nil)), use: FormAPIController.setRegions)
        api.put(route(.links(id: nil)), use: FormAPIController.setLinks)
        api.put(route(.roster(id: nil)), use: FormAPIController.setRoster)
        api.get(route(.shares(id: nil)), use: FormAPIController.shares)
        api.post(route(.shares(id: nil)), use: FormAPIController.share)
        api.delete(route(.share(id: nil, share: nil)), use: FormAPIController.unshare)
        api.get(route(.invitations), use: FormAPIController.invitations)
        api.post(route(.acceptInvitation(invitation: nil)), use: FormAPIController.acceptInvitation)
        api.post(route(.declineInvitation(invitation: nil)), use: FormAPIController.declineInvitation)
        api.get(route(.scans(id: nil)), use: FormAPIController.scans)
        api.upload(.POST, route(.scans(id: nil)), limit: batchLimit, use: FormAPIController.addScans)
        api.get(route(.scan(id: nil, scan: nil)), use: FormAPIController.scan)
        api.patch(route(.scan(id: nil, scan: nil)), use: FormAPIController.correct)
        api.delete(route(.scan(id: nil, scan: nil)), use: FormAPIController.deleteScan)
        api.get(route(.resultsCSV(id: nil)), use: FormAPIController.resultsCSV)
        api.get(route(.grades(id: nil)), use: FormAPIController.grades)
        api.get(route(.export(id: nil)), use: FormAPIController.export)
        api.get(route(.exportFolder(id: nil)), use: FormAPIController.exportFolder)
        api.upload(.POST, route(.importFolder), limit: batchLimit, use: FormAPIController.importFolder)
    }
}
