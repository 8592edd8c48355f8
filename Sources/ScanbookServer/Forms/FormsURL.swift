import Foundation
import Vapor

/// The form templates module's pages, under `/forms`.
enum FormsURL: ModuleURL, Equatable {
    static let module = Module.forms

    /// The templates the user owns or was given, with the forms for a new one and an import.
    case index
    case importFolder
    /// A template: pages, regions, links, roster, sharing; POST saves name and description.
    case template(id: UUID?)
    case delete(id: UUID?)
    /// POST a photo of a blank page (a new last page).
    case pages(id: UUID?)
    /// POST a new photo of the page.
    case page(id: UUID?, page: Int?)
    case pageCorners(id: UUID?, page: Int?)
    case deletePage(id: UUID?, page: Int?)
    /// The page as warped (regions are drawn on it) and the photo it came from.
    case pageImage(id: UUID?, page: Int?)
    case pagePhoto(id: UUID?, page: Int?)
    case regions(id: UUID?)
    case links(id: UUID?)
    case roster(id: UUID?)
    case shares(id: UUID?)
    case deleteShare(id: UUID?, share: UUID?)
    /// The invited person's answer to an invitation to their address.
    case acceptInvitation(invitation: UUID?)
    case declineInvitation(invitation: UUID?)
    /// GET the results (table, grades); POST photos of filled forms.
    case scans(id: UUID?)
    case scan(id: UUID?, scan: UUID?)
    case deleteScan(id: UUID?, scan: UUID?)
    /// A region as it was found on the scanned page.
    case regionCrop(id: UUID?, scan: UUID?, region: Int?)
    case resultsCSV(id: UUID?)
    /// The template folder as one ZIP (`template.json`, page images, roster).
    case export(id: UUID?)

    var pagePathComponents: [PathComponent] {
        switch self {
        case .index: []
        case .importFolder: ["import"]
        case .template(let id): [id.pathComponent(.formTemplate)]
        case .delete(let id): [id.pathComponent(.formTemplate), "delete"]
        case .pages(let id): [id.pathComponent(.formTemplate), "pages"]
        case .page(let id, let page): [id.pathComponent(.formTemplate), "pages", Self.number(page)]
        case .pageCorners(let id, let page): [id.pathComponent(.formTemplate), "pages", Self.number(page), "corners"]
        case .deletePage(let id, let page): [id.pathComponent(.formTemplate), "pages", Self.number(page), "delete"]
        case .pageImage(let id, let page): [id.pathComponent(.formTemplate), "pages", Self.number(page), "image"]
        case .pagePhoto(let id, let page): [id.pathComponent(.formTemplate), "pages", Self.number(page), "photo"]
        case .regions(let id): [id.pathComponent(.formTemplate), "regions"]
        case .links(let id): [id.pathComponent(.formTemplate), "links"]
        case .roster(let id): [id.pathComponent(.formTemplate), "roster"]
        case .shares(let id): [id.pathComponent(.formTemplate), "shares"]
        case .deleteShare(let id, let share): [id.pathComponent(.formTemplate), "shares", share.pathComponent(.share), "delete"]
        case .acceptInvitation(let invitation): ["invitations", invitation.pathComponent(.formInvitation), "accept"]
        case .declineInvitation(let invitation): ["invitations", invitation.pathComponent(.formInvitation), "decline"]
        case .scans(let id): [id.pathComponent(.formTemplate), "scans"]
        case .scan(let id, let scan): [id.pathComponent(.formTemplate), "scans", scan.pathComponent(.scan)]
        case .deleteScan(let id, let scan): [id.pathComponent(.formTemplate), "scans", scan.pathComponent(.scan), "delete"]
        case .regionCrop(let id, let scan, let region):
            [id.pathComponent(.formTemplate), "scans", scan.pathComponent(.scan), "regions", region.map { .constant("\($0)") } ?? .parameter(RouteParameter.region.rawValue)]
        case .resultsCSV(let id): [id.pathComponent(.formTemplate), "results.csv"]
        case .export(let id): [id.pathComponent(.formTemplate), "template.zip"]
        }
    }

    static func number(_ page: Int?) -> PathComponent {
        page.map { .constant("\($0)") } ?? .parameter(RouteParameter.page.rawValue)
    }
}

/// The form templates module's JSON API under `/api/v1`.
enum FormsAPIRoute: APIPath, Equatable {
    case templates
    case template(id: UUID?)
    case pages(id: UUID?)
    case page(id: UUID?, page: Int?)
    case pageImage(id: UUID?, page: Int?)
    case regions(id: UUID?)
    case links(id: UUID?)
    case roster(id: UUID?)
    case shares(id: UUID?)
    case share(id: UUID?, share: UUID?)
    case invitations
    case acceptInvitation(invitation: UUID?)
    case declineInvitation(invitation: UUID?)
    case scans(id: UUID?)
    case scan(id: UUID?, scan: UUID?)
    case resultsCSV(id: UUID?)
    case grades(id: UUID?)
    /// The template as its file (`template.json`, the page images named `page1.jpg`, …).
    case export(id: UUID?)
    /// The template folder as one ZIP; POST `importFolder` takes it (or the folder's files) back.
    case exportFolder(id: UUID?)
    case importFolder

    var routePathComponents: [PathComponent] {
        let base: [PathComponent] = ["form-templates"]
        return switch self {
        case .templates: base
        case .template(let id): base + [id.pathComponent(.formTemplate)]
        case .pages(let id): base + [id.pathComponent(.formTemplate), "pages"]
        case .page(let id, let page): base + [id.pathComponent(.formTemplate), "pages", FormsURL.number(page)]
        case .pageImage(let id, let page): base + [id.pathComponent(.formTemplate), "pages", FormsURL.number(page), "image"]
        case .regions(let id): base + [id.pathComponent(.formTemplate), "regions"]
        case .links(let id): base + [id.pathComponent(.formTemplate), "links"]
        case .roster(let id): base + [id.pathComponent(.formTemplate), "roster"]
        case .shares(let id): base + [id.pathComponent(.formTemplate), "shares"]
        case .share(let id, let share): base + [id.pathComponent(.formTemplate), "shares", share.pathComponent(.share)]
        case .invitations: ["form-invitations"]
        case .acceptInvitation(let invitation): ["form-invitations", invitation.pathComponent(.formInvitation), "accept"]
        case .declineInvitation(let invitation): ["form-invitations", invitation.pathComponent(.formInvitation), "decline"]
        case .scans(let id): base + [id.pathComponent(.formTemplate), "scans"]
        case .scan(let id, let scan): base + [id.pathComponent(.formTemplate), "scans", scan.pathComponent(.scan)]
        case .resultsCSV(let id): base + [id.pathComponent(.formTemplate), "results.csv"]
        case .grades(let id): base + [id.pathComponent(.formTemplate), "grades"]
        case .export(let id): base + [id.pathComponent(.formTemplate), "template.json"]
        case .exportFolder(let id): base + [id.pathComponent(.formTemplate), "template.zip"]
        case .importFolder: base + ["import"]
        }
    }
}

extension Request {
    /// A page number from the path, nil when it is not a number 1–`FormTemplateService.maximumPages`.
    func pageNumber() -> Int? {
        parameters.get(RouteParameter.page.rawValue, as: Int.self).flatMap { (1...FormTemplateService.maximumPages).contains($0) ? $0 : nil }
    }
}

extension Module {
    static let forms = Module("forms")
}

/// The route parameters of the module's addresses.
extension RouteParameter {
    static let formTemplate = RouteParameter("templateID"), formInvitation = RouteParameter("invitationID")
    static let scan = RouteParameter("scanID"), share = RouteParameter("shareID")
    /// Not ids: a page's number (from 1), a region's index.
    static let page = RouteParameter("pageNumber"), region = RouteParameter("regionIndex")
}
