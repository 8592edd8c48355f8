import Foundation

/// The templates page: own and shared templates, the form for a new one.
struct FormIndexView: Encodable {
    struct Row: Encodable {
        let name: String
        let url: String
        let access: String
        let pages: Int
        let scans: Int
    }

    /// Templates offered to me, each to accept or decline.
    struct Invitation: Encodable {
        let text: String
        let acceptAction: String
        let declineAction: String
    }

    let templates: [Row]
    let invitations: [Invitation]
    let createAction: String
    let importAction: String
    let name: String
    let description: String
    let errors: [String]
}

/// A template: pages (with their regions drawn over them), the region table, links, roster,
/// sharing and scanning.
struct FormTemplateView: Encodable {
    struct Overlay: Encodable {
        let name: String
        let type: String
        let x: Int, y: Int, w: Int, h: Int
        let cells: Int
    }

    struct PageView: Encodable {
        let number: Int
        let imageURL: String
        let photoURL: String
        let width: Int
        let height: Int
        let corners: String
        let retakeAction: String
        let cornersAction: String
        let deleteAction: String
        let regions: [Overlay]
    }

    struct Option: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct RegionRow: Encodable {
        let name: String
        let types: [Option]
        let page: Int
        let x: Int, y: Int, w: Int, h: Int
        let cells: String
    }

    struct ShareRow: Encodable {
        let email: String
        let access: String
        let deleteAction: String
    }

    let id: String
    let name: String
    let description: String
    let access: String
    let canEdit: Bool
    let isOwner: Bool
    let gradeSteps: [Option]
    let updateAction: String
    let deleteAction: String
    let addPageAction: String
    let pages: [PageView]
    let regionsAction: String
    let regions: [RegionRow]
    /// An empty row's type choices (the row the editor fills when a rectangle is drawn).
    let newRegionTypes: [Option]
    let linksAction: String
    let linksText: String
    let rosterAction: String
    let rosterText: String
    let rosterCount: Int
    /// Other templates with a roster, to copy theirs.
    let rosterSources: [Option]
    let shareAction: String
    let shares: [ShareRow]
    let scansURL: String
    let scanAction: String
    let pageCount: Int
    let exportURL: String
    let errors: [String]
}

/// A template's results: every scanned form, the grade table, scanning more.
struct FormScansView: Encodable {
    struct Row: Encodable {
        let url: String
        let values: [String]
        let student: String
        let state: String
        let ok: Bool
        let reading: Bool
        let reviewed: Bool
    }

    struct Grade: Encodable {
        let studentNumber: String
        let name: String
        let group: String
        let points: String
        let grade: String
        let ok: Bool
    }

    let name: String
    let templateURL: String
    let canEdit: Bool
    let scanAction: String
    let pageCount: Int
    let csvURL: String
    let columns: [String]
    let rows: [Row]
    let grades: [Grade]
    let pending: Int
    /// "2 forms are still being read; this page updates itself." (it reloads every 2 s meanwhile).
    let pendingNote: String
    let errors: [String]
}

/// One scanned form: each region's crop beside its value, the links, save.
struct FormScanView: Encodable {
    struct Region: Encodable {
        let name: String
        let type: String
        let value: String
        let read: String
        let confidence: String
        let unsure: Bool
        let chosenByLinks: Bool
        let failing: Bool
        let cropURL: String
    }

    struct Link: Encodable {
        let ok: Bool
        let message: String
    }

    let templateName: String
    let backURL: String
    let canEdit: Bool
    let state: String
    let saveAction: String
    let deleteAction: String
    let regions: [Region]
    let links: [Link]
    let student: String
    let ok: Bool
    let reviewed: Bool
    let errors: [String]
}
