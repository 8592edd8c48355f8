import Fluent
import Foundation
import ScanbookCore
import ScanbookVision
import Vapor

/// A template's pages from photos of the blank form: the page is found and warped flat (the
/// corners can be dragged afterwards); regions on a page whose size changes keep their place
/// relative to it.
enum FormPageService {
    /// The warped page's longer side: enough for handwriting cells, small enough to align fast.
    static let pageSide = 2_000

    /// A new last page, or (`number`) a new photo of an existing one.
    static func setPhoto(_ file: File?, of template: FormTemplate, number: Int?, on request: Request) async throws -> FormPage {
        let upload = try request.checkImageUpload(file, minimumSide: UploadPolicy.minimumPhotoSide)
        let pages = try await FormTemplateService.pages(of: template, on: request.db)
        let existing = number.flatMap { number in pages.first { $0.number == number } }
        if number != nil, existing == nil { throw Abort(.notFound) }
        if existing == nil, pages.count >= FormTemplateService.maximumPages {
            throw UserFacingError(.unprocessableEntity, "forms_tooManyPages", ["maximum": "\(FormTemplateService.maximumPages)"])
        }
        let bytes = upload.bytes
        let flattened = try await request.application.imageWork.run { () throws -> (corners: Quadrilateral, jpeg: [UInt8], width: Int, height: Int) in
            let photo = try decode(bytes)
            let detection = try photo.findDocument()
            let corners = detection.found ? detection.corners : DocumentDetection.wholeImage(width: photo.width, height: photo.height).corners
            return try warp(photo, corners)
        }
        let ownerID = template.$owner.id
        return try await request.db.writeTransaction { database in
            // The template's photos count against its owner's storage, whoever took them.
            let photo = try await request.storeBlob(upload, owner: ownerID, on: database)
            let image = try await request.application.storeBlob(CheckedUpload(bytes: flattened.jpeg, content: .jpeg), owner: ownerID, on: database)
            let page = existing ?? FormPage()
            page.$template.id = try template.requireID()
            page.number = existing?.number ?? (pages.last?.number ?? 0) + 1
            page.$photo.id = try photo.requireID()
            page.$image.id = try image.requireID()
            page.corners = text(flattened.corners)
            try await resize(page, to: (flattened.width, flattened.height), template: template, on: database)
            return page
        }
    }

    /// The page warped again from its photo with corners the user placed ("x,y;x,y;x,y;x,y",
    /// top left clockwise, in photo pixels).
    static func setCorners(_ raw: String?, of page: FormPage, template: FormTemplate, on request: Request) async throws {
        guard let corners = quadrilateral(raw ?? "") else { throw UserFacingError(.unprocessableEntity, "forms_cornersInvalid") }
        guard let photo = try await StoredBlob.find(page.$photo.id, on: request.db) else { throw Abort(.notFound) }
        let store = request.blobStore
        let hash = photo.hash
        let flattened = try await request.application.imageWork.run { () throws -> (corners: Quadrilateral, jpeg: [UInt8], width: Int, height: Int) in
            let image = try decode(try store.get(hash))
            guard corners.corners.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x < Double(image.width) && $0.y < Double(image.height) }) else {
                throw UserFacingError(.unprocessableEntity, "forms_cornersInvalid")
            }
            return try warp(image, corners)
        }
        try await request.db.writeTransaction { database in
            let image = try await request.application.storeBlob(CheckedUpload(bytes: flattened.jpeg, content: .jpeg), owner: template.$owner.id, on: database)
            page.$image.id = try image.requireID()
            page.corners = text(flattened.corners)
            try await resize(page, to: (flattened.width, flattened.height), template: template, on: database)
        }
    }

    /// Only a page without regions; later pages (and their regions) move up one.
    static func delete(_ page: FormPage, of template: FormTemplate, on request: Request) async throws {
        let number = page.number
        guard !template.regions.contains(where: { $0.page == number }) else { throw UserFacingError(.unprocessableEntity, "forms_pageHasRegions") }
        let regions = template.regions.map { region in
            var moved = region
            if region.page > number { moved.page -= 1 }
            return moved
        }
        try await request.db.writeTransaction { database in
            let later = try await FormPage.query(on: database).filter(\.$template.$id == template.requireID()).filter(\.$number > page.number).sort(\.$number).all()
            try await page.delete(on: database)
            for other in later {
                other.number -= 1
                try await other.save(on: database)
            }
            template.regionsJSON = try FormTemplateService.json(regions)
            try await template.save(on: database)
        }
    }

    /// Saves the page at its new size, moving its regions with it.
    private static func resize(_ page: FormPage, to size: (width: Int, height: Int), template: FormTemplate, on database: any Database) async throws {
        let old = page.id == nil ? nil : (page.width, page.height)
        page.width = size.width
        page.height = size.height
        try await page.save(on: database)
        guard let old, old != size, old.0 > 0, old.1 > 0 else { return }
        let regions = template.regions.map { region -> FormRegion in
            guard region.page == page.number else { return region }
            var moved = region
            func scaled(_ value: Int, _ from: Int, _ to: Int) -> Int { Int((Double(value) * Double(to) / Double(from)).rounded()) }
            let x = scaled(region.rect.x, old.0, size.width), y = scaled(region.rect.y, old.1, size.height)
            let right = min(size.width, scaled(region.rect.x + region.rect.width, old.0, size.width))
            let bottom = min(size.height, scaled(region.rect.y + region.rect.height, old.1, size.height))
            moved.rect = PixelRect(x: min(x, size.width - 1), y: min(y, size.height - 1), width: max(1, right - x), height: max(1, bottom - y))
            return moved
        }
        template.regionsJSON = try FormTemplateService.json(regions)
        try await template.save(on: database)
    }

    private static func warp(_ photo: Image, _ corners: Quadrilateral) throws -> (corners: Quadrilateral, jpeg: [UInt8], width: Int, height: Int) {
        let natural = corners.naturalSize
        let scale = min(1, Double(pageSide) / Double(max(natural.width, natural.height)))
        let width = max(32, Int(Double(natural.width) * scale)), height = max(32, Int(Double(natural.height) * scale))
        let page = try photo.warped(corners, width: width, height: height)
        return (corners, try page.encodeJPEG(quality: 90), width, height)
    }

    /// A photo the image library cannot open (an HEIC, a truncated file) is the user's problem to fix.
    static func decode(_ bytes: [UInt8]) throws -> Image {
        do { return try Image.decode(bytes, minimumSide: UploadPolicy.minimumPhotoSide) } catch { throw UserFacingError(.unprocessableEntity, "forms_photoUnreadable") }
    }

    static func text(_ corners: Quadrilateral) -> String {
        corners.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: ";")
    }

    static func quadrilateral(_ text: String) -> Quadrilateral? {
        let points = text.split(separator: ";").map { pair -> Point? in
            let numbers = pair.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite, abs(x) < 100_000, abs(y) < 100_000 else { return nil }
            return Point(x: x, y: y)
        }
        guard points.count == 4, let tl = points[0], let tr = points[1], let br = points[2], let bl = points[3] else { return nil }
        return Quadrilateral(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
    }
}
