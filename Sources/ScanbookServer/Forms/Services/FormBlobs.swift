import Fluent
import Foundation
import ScanbookCore
import ScanbookVision
import Vapor

/// A template's images are served through the template (whoever may read it), not through the
/// blob route, which serves only a blob's owner: a shared template's pages belong to its owner.
enum FormBlobs {
    static func serve(_ id: UUID?, on context: ServiceContext) async throws -> Response {
        guard let id, let blob = try await StoredBlob.find(id, on: context.db) else { throw Abort(.notFound) }
        let bytes = try await context.application.bytes(of: blob)
        return image(bytes, contentType: blob.contentType)
    }

    /// A region cut from the scan's aligned page, a little wider than the region so the ink at
    /// its edges shows.
    static func crop(_ region: FormRegion, of scan: FormScan, on context: ServiceContext) async throws -> Response {
        guard let page = try await FormScanPage.query(on: context.db).filter(\.$scan.$id == scan.requireID()).filter(\.$number == region.page).first(),
              let alignedID = page.$aligned.id, let blob = try await StoredBlob.find(alignedID, on: context.db) else { throw Abort(.notFound) }
        let bytes = try await context.application.bytes(of: blob)
        let rect = region.rect
        let jpeg = try await context.application.imageWork.run { () throws -> [UInt8] in
            let image = try Image.decode(bytes)
            let margin = max(4, rect.height / 5)
            let x = max(0, rect.x - margin), y = max(0, rect.y - margin)
            let right = min(image.width, rect.x + rect.width + margin), bottom = min(image.height, rect.y + rect.height + margin)
            guard right > x, bottom > y else { throw Abort(.notFound) }
            return try image.cropped(to: PixelRect(x: x, y: y, width: right - x, height: bottom - y)).encodeJPEG(quality: 85)
        }
        return image(jpeg, contentType: "image/jpeg")
    }

    private static func image(_ bytes: [UInt8], contentType: String) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: contentType)
        // Pages change when re-taken and access can be withdrawn: not cached for long.
        headers.replaceOrAdd(name: .cacheControl, value: "private, no-cache")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return Response(status: .ok, headers: headers, body: .init(data: Data(bytes)))
    }
}
