import Foundation
import ScanbookCore
import Vapor

/// One structured log line per request: method, path (without the query, which may hold secrets),
/// status and duration as metadata beside Vapor's request id.
struct RequestLogMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        var status: HTTPStatus = .internalServerError
        defer {
            let milliseconds = (ContinuousClock.now - start).milliseconds
            request.logger.info("request", metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.url.path),
                "status": .stringConvertible(status.code),
                "duration_ms": .string(String(format: "%.1f", milliseconds)),
            ])
        }
        let response = try await next.respond(to: request)
        status = response.status
        return response
    }
}
