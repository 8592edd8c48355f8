import Fluent
import Vapor

/// `/api/v1/captures`: upload a photo (multipart `image`, optional `kind`), poll its job, list
/// (optionally searched with `q`), rename (PATCH `title`) and delete.
enum CaptureAPIController {
    @Sendable static func create(_ request: Request) async throws -> Response {
        let capture = try await CaptureService.enqueue(try request.content.decode(CaptureUploadForm.self), on: request.context)
        return try await request.created(CaptureDTO(capture), at: APIRoute.capture(id: capture.id), status: .accepted)
    }

    @Sendable static func show(_ request: Request) async throws -> CaptureDTO {
        try CaptureDTO(try await CaptureService.find(request.id(.capture), on: request.context))
    }

    @Sendable static func list(_ request: Request) async throws -> Response {
        let mine = try CaptureService.mine(matching: try request.query.get(String?.self, at: "q"), on: request.context)
        return try await request.paginated(total: try await mine.copy().count()) { limit, offset in
            try await mine.copy().sort(\.$createdAt, .descending).sort(\.$id).range(offset..<(offset + limit)).all().map(CaptureDTO.init)
        }
    }

    @Sendable static func update(_ request: Request) async throws -> CaptureDTO {
        let capture = try await CaptureService.find(request.id(.capture), on: request.context)
        try await CaptureService.rename(capture, to: try request.content.decode(CaptureChanges.self).title, on: request.context)
        return try CaptureDTO(capture)
    }

    @Sendable static func delete(_ request: Request) async throws -> HTTPStatus {
        try await CaptureService.delete(try await CaptureService.find(request.id(.capture), on: request.context), on: request.context)
        return .noContent
    }
}
