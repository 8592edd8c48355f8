import Foundation
import Vapor

/// The API's view of a capture; `result` is the kind's JSON result once `status` is `done`.
struct CaptureDTO: Content {
    let id: UUID
    /// The owner's title; nil when none was given (the pages then show a default).
    let title: String?
    let kind: String
    let status: Capture.Status
    let attempts: Int
    let error: String?
    let imageURL: String
    let createdAt: Date?
    let finishedAt: Date?
    let result: JSONValue?

    init(_ capture: Capture) throws {
        id = try capture.requireID()
        title = capture.title
        kind = capture.kind.rawValue
        status = capture.status
        attempts = capture.attempts
        error = capture.error
        imageURL = SiteURL.blob(id: capture.$blob.id).path
        createdAt = capture.createdAt
        finishedAt = capture.finishedAt
        result = try capture.result.map(JSONValue.init(parsing:))
    }
}

struct CaptureUploadForm: Content {
    var image: File?
    var kind: String?
}

/// A scan's editable fields (the page's form and PATCH): an empty or null title removes it.
struct CaptureChanges: Content {
    var title: String?
}
