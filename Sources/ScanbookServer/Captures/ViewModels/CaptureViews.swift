import Foundation

/// View models of `Resources/Views/Captures/*.leaf`.
struct CaptureIndexView: Encodable {
    struct Row: Encodable {
        let url: String
        let title: String
        let kind: String
        let status: String
        let statusLabel: String
        let created: String
    }

    struct KindOption: Encodable {
        let value: String
        let label: String
    }

    var rows: [Row]
    var kinds: [KindOption]
    var errors: [String] = []
    let maxUpload: String
    /// The file input's `data-max-bytes`: the upload script refuses a larger file before sending.
    let maxUploadBytes: Int
    let search: String
    let action = SiteURL.captures.path
}

struct CaptureShowView: Encodable {
    struct Word: Encodable {
        let text: String
        let confidence: Int
        /// "high" (≥ 85), "mid" (≥ 60) or "low": how far to trust the word.
        let level: String
    }

    struct Stage: Encodable {
        let name: String
        let milliseconds: String
    }

    struct Document: Encodable {
        let found: Bool
        let pageURL: String
        let enhancedURL: String
        let text: String
        let meanConfidence: Int
        let skew: String
        let words: [Word]
        let stages: [Stage]
    }

    let title: String
    let ownTitle: String
    let maximumTitleLength: Int
    let editURL: String
    let deleteURL: String
    let kind: String
    let status: String
    let statusLabel: String
    let pending: Bool
    let attempts: Int
    let error: String?
    let imageURL: String
    let created: String
    let document: Document?
    var errors: [String] = []
    let backURL = SiteURL.captures.path
}
