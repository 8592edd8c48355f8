import Fluent
import Foundation
import ScanbookCore
import ScanbookVision
import Vapor

/// A template as a folder (`template.json`, its page images, `roster.csv`), the same the command
/// line scans with: exported as one ZIP, imported from the folder's files or that ZIP.
enum FormTemplateFolder {
    static func export(_ template: FormTemplate, on context: ServiceContext) async throws -> [UInt8] {
        let pages = try await FormTemplateService.pages(of: template, on: context.db)
        let file = template.file(pages: pages)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var entries = [ZipArchive.Entry(name: "template.json", bytes: Array(try encoder.encode(file)))]
        for (page, described) in zip(pages, file.pages) {
            guard let blob = try await StoredBlob.find(page.$image.id, on: context.db) else { throw Abort(.notFound) }
            entries.append(.init(name: described.image, bytes: try await context.application.bytes(of: blob)))
        }
        if let roster = template.rosterCSV, let name = file.roster { entries.append(.init(name: name, bytes: Array(roster.utf8))) }
        let today = context.today
        return ZipArchive.make(entries, modified: (today.year, today.month, today.day))
    }

    /// The files of a template folder chosen together (or the ZIP `export` writes): every problem
    /// of the template file named, nothing stored unless all of it is right. The page images are
    /// taken as they are (already flat, as exported); their corners are the image's.
    static func importFiles(_ files: [File], on context: ServiceContext) async throws -> FormTemplate {
        let ownerID = try context.requireUser().requireID()
        var named: [String: [UInt8]] = [:]
        for file in files where file.data.readableBytes > 0 {
            let bytes = Array(file.data.readableBytesView)
            if files.count == 1, bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                switch ZipArchive.read(bytes) {
                case .success(let entries): for entry in entries { named[baseName(entry.name)] = entry.bytes }
                case .failure(.compressed): throw UserFacingError(.unprocessableEntity, "forms_importCompressed")
                case .failure: throw UserFacingError(.unprocessableEntity, "forms_importDamaged")
                }
            } else {
                named[baseName(file.filename)] = bytes
            }
        }
        guard let json = named["template.json"] else { throw UserFacingError(.unprocessableEntity, "forms_importNoTemplate") }
        var template: FormTemplateFile
        do {
            template = try JSONDecoder().decode(FormTemplateFile.self, from: Data(json))
        } catch {
            throw UserFacingError(.unprocessableEntity, "forms_importInvalid", ["reason": Self.reason(error)])
        }
        guard !template.pages.isEmpty, template.pages.count <= FormTemplateService.maximumPages else {
            throw UserFacingError(.unprocessableEntity, "forms_tooManyPages", ["maximum": "\(FormTemplateService.maximumPages)"])
        }
        guard template.regions.count <= FormTemplateService.maximumRegions else {
            throw UserFacingError(.unprocessableEntity, "forms_tooManyRegions", ["maximum": "\(FormTemplateService.maximumRegions)"])
        }
        var uploads: [CheckedUpload] = []
        for (index, page) in template.pages.enumerated() {
            guard let bytes = named[baseName(page.image)] else { throw UserFacingError(.unprocessableEntity, "forms_importMissingFile", ["file": page.image]) }
            let upload = try context.checkImageUpload(File(data: ByteBuffer(bytes: bytes), filename: page.image), minimumSide: UploadPolicy.minimumPhotoSide)
            let size = try await context.application.imageWork.run { () throws -> (Int, Int) in
                let image = try FormPageService.decode(upload.bytes)
                return (image.width, image.height)
            }
            template.pages[index].width = size.0
            template.pages[index].height = size.1
            uploads.append(upload)
        }
        var roster: String?
        if let name = template.roster {
            guard let bytes = named[baseName(name)] else { throw UserFacingError(.unprocessableEntity, "forms_importMissingFile", ["file": name]) }
            let text = String(decoding: bytes, as: UTF8.self)
            if case .failure(let found) = Roster.parseCSV(text) { throw FormTemplateService.problems(found.problems) }
            roster = text
        }
        try FormTemplateService.check(template)
        let file = template, sizes = template.pages, checkedUploads = uploads, rosterText = roster
        return try await context.db.writeTransaction { database in
            let created = FormTemplate(ownerID: ownerID, name: String(file.name.prefix(FormTemplateService.maximumNameLength)),
                                       description: String((file.description ?? "").prefix(FormTemplateService.maximumDescriptionLength)))
            created.regionsJSON = try FormTemplateService.json(file.regions)
            created.linksJSON = try FormTemplateService.json(file.links)
            created.rosterCSV = rosterText
            try await created.create(on: database)
            for (index, upload) in checkedUploads.enumerated() {
                let blob = try await context.storeBlob(upload, owner: ownerID, on: database)
                let width = sizes[index].width ?? 1, height = sizes[index].height ?? 1
                let corners = "0,0;\(width - 1),0;\(width - 1),\(height - 1);0,\(height - 1)"
                try await FormPage(templateID: try created.requireID(), number: index + 1, photoID: try blob.requireID(), imageID: try blob.requireID(),
                                   corners: corners, width: width, height: height).create(on: database)
            }
            return created
        }
    }

    /// Browsers send a folder's files with their path; only the name counts.
    private static func baseName(_ name: String) -> String {
        String(name.split(separator: "/").last ?? Substring(name))
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            (context.codingPath.map(\.stringValue).joined(separator: ".") + " " + context.debugDescription).trimmingCharacters(in: .whitespaces)
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case let invalid as FormLink.InvalidScale: invalid.description
        default: "not JSON"
        }
    }
}
