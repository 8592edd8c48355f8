import Fluent
import Vapor

/// Serves stored files to their owner only; anybody else gets the same 404 as for a missing file,
/// so a URL reveals nothing.
enum BlobController {
    @Sendable static func show(_ request: Request) async throws -> Response {
        let blob = try await StoredBlob.find(request.id(.blob), ownedBy: request)
        let bytes = try await request.application.bytes(of: blob)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: blob.contentType)
        headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=31536000, immutable")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return Response(status: .ok, headers: headers, body: .init(data: Data(bytes)))
    }
}
