import Fluent
import Foundation
import ScanbookCore
import Vapor

/// Filled forms: a batch of photos becomes one scan per form (the template's page count photos
/// each, in order), each read by a capture job (`FormCaptureProcessor`); corrections are checked
/// again by Core's `FormReview`; results as CSV and grade table.
enum FormScanService {
    static let maximumPhotosPerBatch = 60

    static func upload(_ files: [File], to template: FormTemplate, on context: ServiceContext) async throws -> [FormScan] {
        let userID = try context.requireUser().requireID()
        let templateID = try template.requireID()
        let pageCount = try await FormTemplateService.pages(of: template, on: context.db).count
        guard pageCount > 0, !template.regions.isEmpty else { throw UserFacingError(.unprocessableEntity, "forms_templateNotReady") }
        let photos = files.filter { $0.data.readableBytes > 0 }
        guard !photos.isEmpty else { throw UserFacingError(.unprocessableEntity, "upload_empty") }
        guard photos.count <= maximumPhotosPerBatch else { throw UserFacingError(.unprocessableEntity, "forms_tooManyPhotos", ["maximum": "\(maximumPhotosPerBatch)"]) }
        guard photos.count % pageCount == 0 else {
            throw UserFacingError(.unprocessableEntity, "forms_photosPerForm", ["pages": "\(pageCount)", "photos": "\(photos.count)"])
        }
        // Every photo is checked before anything is stored: a bad one in the batch stores none.
        var uploads: [CheckedUpload] = []
        for file in photos { uploads.append(try context.checkImageUpload(file, minimumSide: UploadPolicy.minimumPhotoSide)) }
        let forms = stride(from: 0, to: uploads.count, by: pageCount).map { Array(uploads[$0..<$0 + pageCount]) }
        let scans = try await context.db.writeTransaction { database in
            var scans: [FormScan] = []
            for form in forms {
                // The job's photo is the form's first page; the processor reads the rest by the scan.
                guard let firstPage = form.first else { continue }
                let capture = try await CaptureService.enqueue(upload: firstPage, kind: .form, owner: userID, application: context.application, in: database)
                var blobs = [capture.$blob.id]
                for upload in form.dropFirst() { blobs.append(try await context.storeBlob(upload, owner: userID, on: database).requireID()) }
                let scan = FormScan(templateID: templateID, scannedBy: userID, captureID: try capture.requireID())
                try await scan.create(on: database)
                for (index, blob) in blobs.enumerated() {
                    try await FormScanPage(scanID: try scan.requireID(), number: index + 1, photoID: blob).create(on: database)
                }
                scans.append(scan)
            }
            return scans
        }
        context.application.captureWorkers.notify()
        return scans
    }

    /// Newest first.
    static func all(of template: FormTemplate, on database: any Database) async throws -> [FormScan] {
        try await FormScan.query(on: database).filter(\.$template.$id == template.requireID()).sort(\.$createdAt, .descending).sort(\.$id).all()
    }

    /// The template's scan, or 404 (a scan of another template is not found through this one).
    static func find(_ id: UUID?, of template: FormTemplate, on database: any Database) async throws -> FormScan {
        guard let id, let scan = try await FormScan.query(on: database).filter(\.$id == id).filter(\.$template.$id == template.requireID()).first() else {
            throw Abort(.notFound)
        }
        return scan
    }

    static func pages(of scan: FormScan, on database: any Database) async throws -> [FormScanPage] {
        try await FormScanPage.query(on: database).filter(\.$scan.$id == scan.requireID()).sort(\.$number).all()
    }

    /// Values a person typed, for the template's regions only, checked again whole; a value its
    /// type forbids is refused with the region named and nothing is saved.
    static func correct(_ scan: FormScan, of template: FormTemplate, values changes: [String: String], on context: ServiceContext) async throws -> FormReview {
        guard scan.state == .read else { throw UserFacingError(.conflict, "forms_scanNotRead") }
        var values = scan.values
        for region in template.regions {
            if let value = changes[region.name] { values[region.name] = String(value.prefix(200)) }
        }
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: context.db))
        let review = FormReview(template: file, values: values, roster: template.roster, gradeStep: template.checkedGradeStep)
        if !review.problems.isEmpty {
            throw UserFacingError(.unprocessableEntity, review.problems.map { LocalizedProblem(key: "forms_valueInvalid", arguments: ["region": $0.region, "reason": $0.reason]) })
        }
        try scan.record(review)
        scan.reviewed = true
        try await scan.save(on: context.db)
        return review
    }

    static func delete(_ scan: FormScan, on context: ServiceContext) async throws {
        try await context.db.writeTransaction { database in
            try await FormScanPage.query(on: database).filter(\.$scan.$id == scan.requireID()).delete()
            try await scan.delete(on: database)
        }
    }

    /// The scan's values checked now (links and roster as the template has them today).
    static func review(_ scan: FormScan, file: FormTemplateFile, template: FormTemplate) -> FormReview {
        FormReview(template: file, values: scan.values, roster: template.roster, gradeStep: template.checkedGradeStep)
    }

    /// Read forms, oldest first, checked against the template as it is now (links, roster and
    /// grade step may have changed since they were read).
    static func rows(of template: FormTemplate, on database: any Database) async throws -> (file: FormTemplateFile, rows: [FormResultTable.Row]) {
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: database))
        let scans = try await all(of: template, on: database)
        return (file, rows(scans.map { ($0, review($0, file: file, template: template)) }))
    }

    /// The table rows of scans already reviewed (newest first, as `all` gives them): read ones, oldest first.
    static func rows(_ reviewed: [(scan: FormScan, review: FormReview)]) -> [FormResultTable.Row] {
        reviewed.filter { $0.scan.state == .read }.reversed().map { FormResultTable.Row(values: $0.review.values, student: $0.review.student, ok: $0.review.ok) }
    }

    static func csv(of template: FormTemplate, on database: any Database) async throws -> String {
        let (file, rows) = try await rows(of: template, on: database)
        return FormResultTable.csv(file, rows: rows)
    }
}
