import Foundation

struct TemplatesView: Encodable {
    struct Row: Encodable {
        let name: String
        let detail: String
        let folder: String
        let useURL: String
        let editURL: String
        let deleteURL: String
    }

    struct FolderRow: Encodable {
        let name: String
        let filterURL: String
        let deleteURL: String
        let selected: Bool
    }

    let templates: [Row]
    let folders: [FolderRow]
    let folderOptions: [SelectOption]
    let query: String
    let allURL = PaymentsURL.templates.path
    let noFolderURL = PaymentsURL.templates.path + "?folder=none"
    let filterURL = PaymentsURL.templates.path
    let selectedFolder: String
    /// The template being edited, or a new one's values.
    let form: PaymentFormValues
    let name: String
    let saveURL: String
    let editing: Bool
    let kinds: [SelectOption]
    let debitAccounts: [SelectOption]
    let referenceTypes: [SelectOption]
    let errors: [String]
    /// The shared payment fields show no problems beside their inputs here (a template's are few).
    let fieldErrors: [String: String] = [:]
    let isTemplate = true
    let addFolderURL = PaymentsURL.folders.path
    let backURL = PaymentsURL.index.path
}

/// One way to start a payment on the home page.
struct FavouriteTile: Encodable {
    let key: String
    let label: String
    let url: String
    let uses: Int
    let pinned: Bool
}
