import Fluent
import Foundation
import ScanbookCore
import ScanbookOCR
import ScanbookVision

/// The `form` kind: the scan's photos (the job's photo is its first page) aligned to the
/// template's pages on the image threads, every region read, and the values checked; the aligned
/// pages are kept for the review page's crops.
struct FormCaptureProcessor: CaptureProcessor {
    let kind = CaptureKind.form
    /// Queued with its `FormScan` by the forms module.
    let standsAlone = false
    let digits: DigitReader

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func process(_ job: CaptureJob, context: CaptureContext) async throws -> CaptureOutcome {
        let database = context.application.db
        guard let scan = try await FormScan.query(on: database).filter(\.$capture.$id == job.id).first(),
              let template = try await FormTemplate.find(scan.$template.id, on: database) else {
            throw Failure(description: "the scan or its template was deleted")
        }
        let pages = try await FormTemplateService.pages(of: template, on: database)
        let scanPages = try await FormScanService.pages(of: scan, on: database)
        let pageBlobs = try await blobs(pages.map(\.$image.id), context)
        let photoBlobs = try await blobs(scanPages.map(\.$photo.id), context)
        let file = template.file(pages: pages), roster = template.roster, step = template.checkedGradeStep, reader = digits
        // Image work (alignment, gray pages, the digit network) on the image threads; only the text
        // regions wait for the OCR pool.
        let prepared = try await context.offload { () throws -> (FormScanner, FormScanner.DigitReadings, [[UInt8]]) in
            let pageImages = try pageBlobs.map { try Image.decode($0) }
            var scanner = FormScanner(template: file, pages: pageImages, roster: roster, digits: reader)
            scanner.gradeStep = step
            let alignedPages = try scanner.alignPages(try photoBlobs.map { try Image.decode($0) })
            return (scanner, try scanner.readDigits(alignedPages), try alignedPages.map { try $0.image.encodeJPEG(quality: 85) })
        }
        let result = try await prepared.0.finishReading(prepared.1, recognizer: context.recognizer)
        var stored: [UUID] = []
        for jpeg in prepared.2 { stored.append(try await context.storeDerived(jpeg, content: .jpeg)) }
        // Form values are shown on the scan's own pages; the capture list has no text to search.
        return try CaptureOutcome(FormScanReading(result: result, alignedPages: stored), recognizedText: nil)
    }

    func apply(_ data: Data, of job: FinishedCapture, on database: any Database) async throws {
        guard let scan = try await FormScan.query(on: database).filter(\.$capture.$id == job.id).filter(\.$state == .reading).first(),
              let template = try await FormTemplate.find(scan.$template.id, on: database) else { return }
        guard let reading = try? JSONDecoder().decode(FormScanReading.self, from: data) else { return try await failed(job, on: database) }
        let file = template.file(pages: try await FormTemplateService.pages(of: template, on: database))
        var values: [String: String] = [:]
        for region in reading.result.regions { values[region.name] = region.value }
        try scan.record(FormReview(template: file, values: values, roster: template.roster, gradeStep: template.checkedGradeStep))
        scan.readingJSON = String(decoding: data, as: UTF8.self)
        scan.state = .read
        try await scan.save(on: database)
        for page in try await FormScanService.pages(of: scan, on: database) where reading.alignedPages.indices.contains(page.number - 1) {
            page.$aligned.id = reading.alignedPages[page.number - 1]
            try await page.save(on: database)
        }
    }

    func failed(_ job: FinishedCapture, on database: any Database) async throws {
        try await FormScan.query(on: database).filter(\.$capture.$id == job.id).filter(\.$state == .reading).set(\.$state, to: .unreadable).update()
    }

    private func blobs(_ ids: [UUID], _ context: CaptureContext) async throws -> [[UInt8]] {
        var contents: [[UInt8]] = []
        for id in ids {
            guard let blob = try await StoredBlob.find(id, on: context.application.db) else { throw Failure(description: "a photo of the scan is missing") }
            contents.append(try await context.application.bytes(of: blob))
        }
        return contents
    }
}

extension CaptureKind {
    static let form = CaptureKind("form")
}

/// What a `form` capture stores: the scanner's result and the aligned pages' blobs.
struct FormScanReading: Codable, Sendable {
    let result: FormScanner.Result
    let alignedPages: [UUID]
}
