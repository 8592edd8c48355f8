import Foundation
import ScanbookCore
import ScanbookOCR
import Vapor

/// A new template, or its name, description and grade step changed (API and web form).
struct FormTemplateInput: Content {
    var name: String?
    var description: String?
    /// Grades allowed, in tenths: 1, 2, 5 (halves) or 10 (whole grades).
    var gradeStep: Int?
}

extension FormTemplateInput {
    /// `gradeStep` left out keeps it; an explicit null is refused (400), as the API document types it
    /// a number: a client sending null has not said which step it means.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if container.contains(.gradeStep), try container.decodeNil(forKey: .gradeStep) {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: [CodingKeys.gradeStep], debugDescription: "gradeStep may be left out, not null"))
        }
        gradeStep = try container.decodeIfPresent(Int.self, forKey: .gradeStep)
    }
}

struct FormTemplateDTO: Content {
    struct PageDTO: Content {
        let number: Int
        let width: Int
        let height: Int
        /// Where the page was found on its photo: top left, top right, bottom right, bottom left.
        let corners: String
        let image: String
    }

    let id: UUID
    let name: String
    let description: String
    /// `owner`, `edit` or `read`.
    let access: String
    let gradeStep: Int
    let pages: [PageDTO]
    let regions: [FormRegion]
    let links: [FormLink]
    /// The roster as CSV (`studentNumber,name,group`), nil when none.
    let roster: String?

    init(_ template: FormTemplate, access: FormAccess, pages: [FormPage]) throws {
        let id = try template.requireID()
        self.id = id
        name = template.name
        description = template.description
        self.access = access.name
        gradeStep = template.checkedGradeStep
        self.pages = pages.map { PageDTO(number: $0.number, width: $0.width, height: $0.height, corners: $0.corners, image: FormsAPIRoute.pageImage(id: id, page: $0.number).path) }
        regions = template.regions
        links = template.links
        roster = template.rosterCSV
    }
}

/// The roster as CSV, or (`from`) a copy of another template's the user may read.
struct FormRosterInput: Content {
    var csv: String?
    var from: UUID?
}

struct FormCornersInput: Content {
    var corners: String?
}

struct FormShareInput: Content {
    var email: String?
    /// `read` or `edit`.
    var access: String?
}

/// Someone the template is shared with (`accepted`) or offered to (`invited`, no access yet).
struct FormShareDTO: Content {
    let id: UUID
    let email: String
    let access: String
    let state: String

    init(_ sharing: FormTemplateService.Sharing) throws {
        switch sharing {
        case .share(let share, let email):
            (id, self.email, access, state) = (try share.requireID(), email, share.canEdit ? "edit" : "read", "accepted")
        case .invitation(let invitation):
            (id, email, access, state) = (try invitation.requireID(), invitation.email, invitation.canEdit ? "edit" : "read", "invited")
        }
    }
}

/// An invitation to my address, as I see it.
struct FormInvitationDTO: Content {
    let id: UUID
    let template: UUID
    let templateName: String
    let ownerName: String
    let access: String

    init(_ pending: FormInvitationService.Pending) throws {
        id = try pending.invitation.requireID()
        template = pending.invitation.$template.id
        templateName = pending.templateName
        ownerName = pending.ownerName
        access = pending.invitation.canEdit ? "edit" : "read"
    }
}

struct FormScanDTO: Content {
    struct RegionDTO: Content {
        let name: String
        let type: FormRegionType
        let value: String
        /// As read, before any correction.
        let read: String?
        let confidence: Double?
        let chosenByLinks: Bool
    }

    let id: UUID
    /// `reading`, `read` or `unreadable`.
    let state: String
    let regions: [RegionDTO]
    let links: [FormCheck.LinkResult]
    let student: Roster.Student?
    let ok: Bool
    let reviewed: Bool
    let createdAt: Date?

    init(_ scan: FormScan, template: FormTemplate, file: FormTemplateFile) throws {
        id = try scan.requireID()
        state = scan.state.rawValue
        let values = scan.values
        let read = Dictionary((scan.reading?.result.regions ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        regions = template.regions.map { region in
            RegionDTO(name: region.name, type: region.type, value: values[region.name] ?? "", read: read[region.name]?.value,
                      confidence: read[region.name]?.confidence, chosenByLinks: read[region.name]?.chosenByLinks ?? false)
        }
        // Checked against the template as it is now, like the review page and the CSV.
        let review = scan.state == .read ? FormScanService.review(scan, file: file, template: template) : nil
        links = review?.links ?? []
        student = review?.student
        ok = review?.ok ?? false
        reviewed = scan.reviewed
        createdAt = scan.createdAt
    }
}

/// Corrected values by region name (regions left out keep theirs).
struct FormCorrectionInput: Content {
    var values: [String: String]
}

struct FormGradeDTO: Content {
    let studentNumber: String
    let name: String
    let group: String
    let points: String
    let grade: String
    let ok: Bool

    init(_ row: FormResultTable.GradeRow) {
        studentNumber = row.studentNumber
        name = row.name
        group = row.group
        points = row.points
        grade = row.grade
        ok = row.ok
    }
}

/// Photos of filled forms, `photos[]` in page order; the template's page count per form.
struct FormScanUpload: Content {
    var photos: [File]?
}

/// A photo of a blank page.
struct FormPageUpload: Content {
    var photo: File?
}

/// The region editor's rows as parallel lists (`name[]`, `type[]`, …); a row without a name is
/// dropped, so clearing a name deletes its region.
struct FormRegionRows: Content {
    var name: [String]?
    var type: [String]?
    var page: [String]?
    var x: [String]?
    var y: [String]?
    var w: [String]?
    var h: [String]?
    var cells: [String]?

    func regions() throws -> [FormRegion] {
        let names = name ?? []
        func column(_ values: [String]?) throws -> [String] {
            guard let values, values.count == names.count else { throw UserFacingError(.unprocessableEntity, "forms_regionRowsInvalid") }
            return values
        }
        let types = try column(type), pages = try column(page), xs = try column(x), ys = try column(y), ws = try column(w), hs = try column(h)
        let cellCounts = try column(cells)
        var regions: [FormRegion] = []
        for index in names.indices {
            let regionName = names[index].trimmingCharacters(in: .whitespaces)
            if regionName.isEmpty { continue }
            guard let kind = FormRegionType(rawValue: types[index]) else { throw UserFacingError(.unprocessableEntity, "forms_regionRowsInvalid") }
            func int(_ text: String) throws -> Int {
                guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (-1_000_000...1_000_000).contains(value) else {
                    throw UserFacingError(.unprocessableEntity, "forms_regionNumberInvalid", ["region": regionName])
                }
                return value
            }
            let cellText = cellCounts[index].trimmingCharacters(in: .whitespaces)
            let cellCount = try cellText.isEmpty ? nil : int(cellText)
            regions.append(FormRegion(name: String(regionName.prefix(100)), type: kind, page: try int(pages[index]),
                                      rect: PixelRect(x: try int(xs[index]), y: try int(ys[index]), width: try int(ws[index]), height: try int(hs[index])),
                                      cells: cellCount.flatMap { $0 <= 1 ? nil : $0 }))
        }
        return regions
    }
}

struct FormLinksInput: Content {
    var links: String?
}

struct FormRosterForm: Content {
    var roster: String?
    var file: File?
    /// Another template whose roster is copied.
    var from: String?
}

/// A template folder's files (`template.json`, page images, `roster.csv`) or its ZIP.
struct FormFolderUpload: Content {
    var files: [File]?
}
