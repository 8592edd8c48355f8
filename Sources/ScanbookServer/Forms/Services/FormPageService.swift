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
    static func setPhoto(_ file: File?, of template: FormTemplate, number: Int?, on context: ServiceContext) async throws -> FormPage {
        let upload = try context.checkImageUpload(file, minimumSide: UploadPolicy.minimumPhotoSide)
        let templateID = try template.requireID()
        if let number, try await FormPage.query(on: context.db).filter(\.$template.$id == templateID).filter(\.$number == number).first() == nil {
            throw Abort(.notFound)
        }
        let bytes = upload.bytes
        let flattened = try await context.application.imageWork.run { () throws -> (corners: Quadrilateral, jpeg: [UInt8], width: Int, height: Int) in
            let photo = try decode(bytes)
            let detection = try photo.findDocument()
            let corners = detection.found ? detection.corners : DocumentDetection.wholeImage(width: photo.width, height: photo.height).corners
            return try warp(photo, corners)
        }
        let ownerID = template.$owner.id
        return try await FormTemplateService.changing(templateID, on: context) { database, pages, fresh in
            let existing = number.flatMap { number in pages.first { $0.number == number } }
            if number != nil, existing == nil { throw Abort(.notFound) }
            if existing == nil, pages.count >= FormTemplateService.maximumPages {
                throw UserFacingError(.unprocessableEntity, "forms_tooManyPages", ["maximum": "\(FormTemplateService.maximumPages)"])
            }
            // The template's photos count against its owner's storage, whoever took them.
            let photo = try await context.storeBlob(upload, owner: ownerID, on: database)
            let image = try await context.application.storeBlob(CheckedUpload(bytes: flattened.jpeg, content: .jpeg), owner: ownerID, on: database)
            let page = existing ?? FormPage()
            page.$template.id = templateID
            page.number = existing?.number ?? pages.count + 1
            page.$photo.id = try photo.requireID()
            page.$image.id = try image.requireID()
            page.corners = text(flattened.corners)
            try await resize(page, to: (flattened.width, flattened.height), template: fresh, on: database)
            return page
        }
    }

    /// The page warped again from its photo with corners the user placed ("x,y;x,y;x,y;x,y",
    /// top left clockwise, in photo pixels).
    static func setCorners(_ raw: String?, of page: FormPage, template: FormTemplate, on context: ServiceContext) async throws {
        // Four points spanning a real page: convex, each side at least the smallest photo's side.
        guard let corners = quadrilateral(raw ?? ""), isPage(corners) else { throw UserFacingError(.unprocessableEntity, "forms_cornersInvalid") }
        guard let photo = try await StoredBlob.find(page.$photo.id, on: context.db) else { throw Abort(.notFound) }
        let bytes = try await context.application.bytes(of: photo)
        let flattened = try await context.application.imageWork.run { () throws -> (corners: Quadrilateral, jpeg: [UInt8], width: Int, height: Int) in
            let image = try decode(bytes)
            guard corners.corners.allSatisfy({ $0.x >= 0 && $0.y >= 0 && $0.x < Double(image.width) && $0.y < Double(image.height) }) else {
                throw UserFacingError(.unprocessableEntity, "forms_cornersInvalid")
            }
            return try warp(image, corners)
        }
        let ownerID = template.$owner.id, number = page.number
        _ = try await FormTemplateService.changing(try template.requireID(), on: context) { database, pages, fresh in
            guard let page = pages.first(where: { $0.number == number }) else { throw Abort(.notFound) }
            let image = try await context.application.storeBlob(CheckedUpload(bytes: flattened.jpeg, content: .jpeg), owner: ownerID, on: database)
            page.$image.id = try image.requireID()
            page.corners = text(flattened.corners)
            try await resize(page, to: (flattened.width, flattened.height), template: fresh, on: database)
            return true
        }
    }

    /// Only a page without regions; later pages (and their regions) move up one.
    static func delete(_ page: FormPage, of template: FormTemplate, on context: ServiceContext) async throws {
        let number = page.number
        _ = try await FormTemplateService.changing(try template.requireID(), on: context) { database, pages, fresh in
            guard let page = pages.first(where: { $0.number == number }) else { throw Abort(.notFound) }
            guard !fresh.regions.contains(where: { $0.page == number }) else { throw UserFacingError(.unprocessableEntity, "forms_pageHasRegions") }
            try await page.delete(on: database)
            for other in pages where other.number > number {
                other.number -= 1
                try await other.save(on: database)
            }
            let regions = fresh.regions.map { region in
                var moved = region
                if region.page > number { moved.page -= 1 }
                return moved
            }
            fresh.regionsJSON = try FormTemplateService.json(regions)
            try await fresh.save(on: database)
            return true
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

    /// Convex (every turn the same way) and no side shorter than the smallest photo's side.
    static func isPage(_ corners: Quadrilateral) -> Bool {
        let points = corners.corners
        let turns = (0..<4).map { index -> Double in
            let a = points[index], b = points[(index + 1) % 4], c = points[(index + 2) % 4]
            return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        }
        let convex = turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
        let sides = (0..<4).map { points[$0].distance(to: points[($0 + 1) % 4]) }
        return convex && sides.allSatisfy { $0 >= Double(UploadPolicy.minimumPhotoSide) }
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
