import Fluent
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
            await signInFromSession(request)
            return try await request.renderPage(
                "error", title: status == .payloadTooLarge ? "error_tooLargeTitle" : "error_title",
                content: ErrorView(status: status.code, message: reason, back: Self.backPath(request)),
                status: status
            )
        } catch {
            request.logger.report(error: error)
            return Response(status: status, body: .init(string: reason))
        }
    }

    /// A body refused before the route ran (too large, malformed) never reached the session
    /// authenticator: sign the user in here so the page keeps their menu.
    private func signInFromSession(_ request: Request) async {
        guard !request.auth.has(User.self), let id = request.session.authenticated(User.self) else { return }
        if let user = try? await User.find(id, on: request.db) { request.auth.login(user) }
    }

    /// The page the refused form was on (a path on this site only), to go back and try again.
    static func backPath(_ request: Request) -> String? {
        guard let referer = request.headers.first(name: .referer), let url = URLComponents(string: referer),
              url.path.hasPrefix("/"), !url.path.hasPrefix("//") else { return nil }
        return url.path + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    private func describe(_ error: any Error, for request: Request) -> (HTTPStatus, String) {
        switch error {
        case let error as UserFacingError:
            return (error.status, error.messages(for: request).joined(separator: " "))
        case let abort as any AbortError:
            // A bare status ("Bad Request") tells nobody what to change: say it in words.
            if abort.reason == abort.status.reasonPhrase, let key = Self.genericMessages[abort.status.code] {
                return (abort.status, request.text(key))
            }
            return (abort.status, abort.reason)
        case let error as any DatabaseError where error.isConstraintFailure:
            // A check-then-insert lost a race (or a unique index caught a duplicate): the
            // request conflicts with what is stored, and nothing was written.
            return (.conflict, request.text("error_conflict"))
        case is ConnectionPoolTimeoutError:
            return (.serviceUnavailable, request.text("error_busy"))
        case let error as any DebuggableError where !environment.isRelease:
            return (.internalServerError, error.reason)
        default:
            return (.internalServerError, request.text("error_internal"))
        }
    }
}

extension ScanbookErrorMiddleware {
    static let genericMessages: [UInt: String] = [
        400: "error_badRequest", 401: "error_unauthorized", 403: "error_forbidden", 404: "error_notFound",
        405: "error_methodNotAllowed", 413: "error_tooLarge", 415: "error_unsupportedType", 422: "error_unprocessable",
        429: "error_tooManyRequests", 500: "error_internal", 503: "error_busy",
    ]
}

struct APIErrorResponse: Content {
    var error = true
    let reason: String
}

struct ErrorView: Encodable {
    let status: UInt
    let message: String
    /// Where the refused form was, when the browser said.
    var back: String? = nil
}
