import Foundation
import ScanbookCore
import Vapor

/// The one place a request body is read before its handler: at most the route's own limit (1 MB,
/// or the upload limit for routes registered with `upload`), refused by its Content-Length before
/// a byte is read, and checked for well-formed syntax by its content type, so a malformed body is
/// a 400 whatever route it is sent to and no parser downstream ever sees one.
struct BodyGateMiddleware: AsyncMiddleware {
    static let limitKey = "scanbook.bodyLimit"
    static let uploadKey = "scanbook.upload"

    /// Marks routes whose caller is checked before their body's syntax (`CallerFirstRoutes`).
    static let callerFirstKey = "scanbook.callerFirst"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // No route: a 404 or 405 whatever the body holds.
        guard request.route != nil else { return try await next.respond(to: request) }
        let callerFirst = request.route?.userInfo[Self.callerFirstKey] != nil
        if !callerFirst, let problem = Self.queryProblem(request) { throw problem }
        guard request.method != .GET, request.method != .HEAD else { return try await next.respond(to: request) }
        let limit = (request.route?.userInfo[Self.limitKey] as? Int) ?? request.application.routes.defaultMaxBodySize.value
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > limit {
            throw Self.tooLarge(request, limit: limit)
        }
        if request.body.data == nil {
            do {
                _ = try await request.body.collect(max: limit).get()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                throw Self.tooLarge(request, limit: limit)
            }
        }
        if !callerFirst, let problem = Self.bodyProblem(request) { throw problem }
        return try await next.respond(to: request)
    }

    static func queryProblem(_ request: Request) -> UserFacingError? {
        request.url.query.flatMap { FormURLEncodedCheck.problem(in: Array($0.utf8)) }.map { UserFacingError(.badRequest, key(for: $0)) }
    }

    /// The collected body's syntax problem, if any.
    static func bodyProblem(_ request: Request) -> UserFacingError? {
        guard let body = request.body.data, body.readableBytes > 0 else { return nil }
        return problem(in: body, contentType: request.headers.contentType)
    }

    /// An upload route names the file limit people know from the page (not the envelope's room);
    /// any other route its body limit.
    private static func tooLarge(_ request: Request, limit: Int) -> UserFacingError {
        if request.route?.userInfo[uploadKey] != nil {
            return UserFacingError(.payloadTooLarge, "upload_bodyTooLarge", ["maximum": ScanbookCore.ByteCount(request.scanbookConfig.maxUploadBytes).description])
        }
        return UserFacingError(.payloadTooLarge, "body_tooLarge", ["maximum": ScanbookCore.ByteCount(limit).description])
    }

    /// The syntax check for the body's declared type; types the app does not parse generically
    /// (CSV imports) are left to their handlers.
    static func problem(in body: ByteBuffer, contentType: HTTPMediaType?) -> UserFacingError? {
        guard let contentType else { return nil }
        let bytes = body.readableBytesView
        switch (contentType.type, contentType.subType) {
        case ("multipart", "form-data"):
            let problem = MultipartCheck.problem(in: bytes, boundary: contentType.parameters["boundary"] ?? "")
            return problem.map { UserFacingError(.badRequest, $0.messageKey) }
        case ("application", "x-www-form-urlencoded"):
            return FormURLEncodedCheck.problem(in: bytes).map { UserFacingError(.badRequest, key(for: $0)) }
        case ("application", "json"):
            // Counted before the parser builds anything (and before the walk below recurses).
            if let violation = JSONBudget.requestBodies.violation(in: bytes) {
                switch violation {
                case .tooDeep(let maximum): return UserFacingError(.badRequest, "body_jsonTooDeep", ["maximum": "\(maximum)"])
                case .tooManyValues(let maximum): return UserFacingError(.badRequest, "body_jsonTooManyValues", ["maximum": "\(maximum)"])
                }
            }
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
                return UserFacingError(.badRequest, "body_invalidJSON")
            }
            return containsNUL(parsed) ? UserFacingError(.badRequest, "body_nul") : nil
        default:
            return nil
        }
    }

    private static func key(for problem: FormURLEncodedCheck.Problem) -> String {
        switch problem {
        case .invalidEscape, .notUTF8: "body_invalidForm"
        case .tooManyFields: "body_tooManyFields"
        case .keyTooDeep: "body_keyTooDeep"
        case .nulCharacter: "body_nul"
        }
    }

    /// Whether any string (or key) of a parsed JSON document holds a NUL character.
    private static func containsNUL(_ value: Any) -> Bool {
        switch value {
        case let text as String: text.utf8.contains(0)
        case let array as [Any]: array.contains(where: containsNUL)
        case let object as [String: Any]: object.contains { $0.key.utf8.contains(0) || containsNUL($0.value) }
        default: false
        }
    }
}

extension RoutesBuilder {
    /// A route that accepts a file: its body may be as large as the upload limit (plus room for
    /// the multipart envelope); every other route keeps the 1 MB default.
    @discardableResult
    func upload<Response: AsyncResponseEncodable>(
        _ method: HTTPMethod = .POST, _ path: [PathComponent], limit: Vapor.ByteCount,
        use handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        let route = on(method, path, body: .collect(maxSize: limit), use: handler)
        route.userInfo[BodyGateMiddleware.limitKey] = limit.value
        route.userInfo[BodyGateMiddleware.uploadKey] = true
        return route
    }
}

/// The syntax checks `BodyGateMiddleware` leaves to routes whose caller is checked first: runs
/// after the route group's authentication, so a request without a token is a 401 whatever its
/// body. The body was already read within its limit.
struct BodySyntaxMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let problem = BodyGateMiddleware.queryProblem(request) ?? BodyGateMiddleware.bodyProblem(request) { throw problem }
        return try await next.respond(to: request)
    }
}

/// Routes added through it are marked `callerFirst`, and must be added to a group whose
/// middleware ends with `BodySyntaxMiddleware` (the two are made together in `registerRoutes`).
struct CallerFirstRoutes: RoutesBuilder {
    let base: any RoutesBuilder

    init(_ base: any RoutesBuilder) {
        self.base = base
    }

    func add(_ route: Route) {
        route.userInfo[BodyGateMiddleware.callerFirstKey] = true
        base.add(route)
    }
}
