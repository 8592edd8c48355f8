import Fluent
import SQLKit
import ScanbookCore
import Vapor

/// Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers),
/// for load balancers and service managers.
enum HealthController {
    struct Status: Content {
        let status: String
        let version: String
    }

    @Sendable static func healthz(_ request: Request) async throws -> Status {
        Status(status: "ok", version: ScanbookVersion.current)
    }

    @Sendable static func readyz(_ request: Request) async throws -> Response {
        do {
            guard let sql = request.db as? any SQLDatabase else { throw Abort(.internalServerError) }
            try await sql.raw("SELECT 1").run()
            return try await Status(status: "ready", version: ScanbookVersion.current).encodeResponse(for: request)
        } catch {
            request.logger.warning("readiness check failed", metadata: ["error": "\(String(reflecting: error))"])
            return try await Status(status: "database unreachable", version: ScanbookVersion.current)
                .encodeResponse(status: .serviceUnavailable, for: request)
        }
    }
}
