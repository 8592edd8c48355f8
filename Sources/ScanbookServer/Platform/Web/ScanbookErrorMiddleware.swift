import Vapor

/// Turns errors into answers a person can act on: JSON `{"error": true, "reason": …}` for the API,
/// the shell's error page for the web. Server faults are logged and shown without internals.
struct ScanbookErrorMiddleware: AsyncMiddleware {
    let environment: Environment

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let (status, reason) = describe(error, for: request)
            if status.code >= 500 {
                request.logger.report(error: error)
            }
            let response = await render(status: status, reason: reason, for: request)
            var extraHeaders = (error as? UserFacingError)?.headers ?? (error as? any AbortError)?.headers
            if error is ConnectionPoolTimeoutError { extraHeaders = ["Retry-After": "5"] }
            if let extraHeaders {
                // e.g. Retry-After on a throttled login
                for (name, value) in extraHeaders where name.lowercased() != "content-type" {
                    response.headers.replaceOrAdd(name: name, value: value)
                }
            }
            return response
        }
    }

    private func render(status: HTTPStatus, reason: String, for request: Request) async -> Response {
        do {
            if request.url.path.hasPrefix("/api/") {
                return try await APIErrorResponse(reason: reason).encodeResponse(status: status, for: request)
            }
            return try await request.renderPage(
                "error", title: "error_title",
                content: ErrorView(status: status.code, message: reason),
                status: status
            )
        } catch {
            request.logger.report(error: error)
            return Response(status: status, body: .init(string: reason))
        }
    }

    private func describe(_ error: any Error, for request: Request) -> (HTTPStatus, String) {
        switch error {
        case let error as UserFacingError:
            return (error.status, error.messages(for: request).joined(separator: " "))
        case let abort as any AbortError:
            if abort.status == .notFound, abort.reason == HTTPStatus.notFound.reasonPhrase {
                return (.notFound, request.text("error_notFound"))
            }
            return (abort.status, abort.reason)
        case is ConnectionPoolTimeoutError:
            return (.serviceUnavailable, request.text("error_busy"))
        case let error as any DebuggableError where !environment.isRelease:
            return (.internalServerError, error.reason)
        default:
            return (.internalServerError, request.text("error_internal"))
        }
    }
}

struct APIErrorResponse: Content {
    var error = true
    let reason: String
}

struct ErrorView: Encodable {
    let status: UInt
    let message: String
}
