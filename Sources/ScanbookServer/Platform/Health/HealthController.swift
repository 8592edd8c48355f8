import Fluent
import SQLKit
import ScanbookCore
import Vapor

/// Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers and
/// the instance is not stopping), for load balancers and service managers.
enum HealthController {
    struct Status: Content {
        let status: String
        let version: String
    }

    static let readinessTimeout = 3.0

    @Sendable static func healthz(_ request: Request) async throws -> Status {
        Status(status: "ok", version: ScanbookVersion.current)
    }

    @Sendable static func readyz(_ request: Request) async throws -> Response {
        if request.application.isDraining {
            return try await Status(status: "draining", version: ScanbookVersion.current).encodeResponse(status: .serviceUnavailable, for: request)
        }
        do {
            guard let sql = request.db as? any SQLDatabase else { throw Abort(.internalServerError) }
            // While PostgreSQL is down a new connection waits for the pool's timeout (30 s);
            // a readiness probe must answer sooner than that.
            try await withTimeLimit(readinessTimeout) { try await sql.raw("SELECT 1").run() }
            return try await Status(status: "ready", version: ScanbookVersion.current).encodeResponse(for: request)
        } catch {
            request.logger.warning("readiness check failed", metadata: ["error": "\(String(reflecting: error))"])
            return try await Status(status: "database unreachable", version: ScanbookVersion.current)
                .encodeResponse(status: .serviceUnavailable, for: request)
        }
    }
}
