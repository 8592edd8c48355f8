import Fluent
import Foundation
import ScanbookCore
import Vapor

/// One filled form: its photos (`FormScanPage`), the reading as the scanner made it, and the
/// values as they stand after review, with the student they name and whether everything holds.
final class FormScan: Model, @unchecked Sendable {
    static let schema = "form_scans"

    enum State: String, Codable, Sendable, CaseIterable {
        case reading, read, unreadable
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "template_id") var template: FormTemplate
    /// Who photographed it (the photos count against their storage).
    @Parent(key: "scanned_by") var scannedBy: User
    @OptionalParent(key: "capture_id") var capture: Capture?
    @Field(key: "state") var state: State
    /// `FormScanner.Result` as JSON: every region's reading and confidence.
    @OptionalField(key: "reading") var readingJSON: String?
    /// `[String: String]` as JSON: the values after review.
    @Field(key: "values") var valuesJSON: String
    @OptionalField(key: "student_number") var studentNumber: String?
    @OptionalField(key: "student_name") var studentName: String?
    @OptionalField(key: "student_group") var studentGroup: String?
    @Field(key: "ok") var ok: Bool
    /// A person saved the values.
    @Field(key: "reviewed") var reviewed: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(templateID: UUID, scannedBy: UUID, captureID: UUID) {
        self.$template.id = templateID
        self.$scannedBy.id = scannedBy
        self.$capture.id = captureID
        self.state = .reading
        self.valuesJSON = "{}"
        self.ok = false
        self.reviewed = false
    }

    var values: [String: String] { (try? JSONDecoder().decode([String: String].self, from: Data(valuesJSON.utf8))) ?? [:] }
    var reading: FormScanReading? { readingJSON.flatMap { try? JSONDecoder().decode(FormScanReading.self, from: Data($0.utf8)) } }
    var student: Roster.Student? {
        studentNumber.map { Roster.Student(studentNumber: $0, name: studentName ?? "", group: studentGroup ?? "") }
    }

    func record(_ review: FormReview) throws {
        valuesJSON = String(decoding: try JSONEncoder().encode(review.values), as: UTF8.self)
        studentNumber = review.student?.studentNumber
        studentName = review.student?.name
        studentGroup = review.student?.group
        ok = review.ok
    }
}

/// One photographed page of a filled form and the same page aligned to its template page.
final class FormScanPage: Model, @unchecked Sendable {
    static let schema = "form_scan_pages"

    @ID(key: .id) var id: UUID?
    @Parent(key: "scan_id") var scan: FormScan
    @Field(key: "number") var number: Int
    @Parent(key: "photo_blob_id") var photo: StoredBlob
    @OptionalParent(key: "aligned_blob_id") var aligned: StoredBlob?

    init() {}

    init(scanID: UUID, number: Int, photoID: UUID) {
        self.$scan.id = scanID
        self.number = number
        self.$photo.id = photoID
    }
}

extension FormScanPage: ReferencesBlobs { static var blobColumns: [String] { ["photo_blob_id", "aligned_blob_id"] } }
