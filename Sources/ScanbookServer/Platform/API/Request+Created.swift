import Vapor

extension Request {
    /// The new resource with its address in `Location`: 201, or 202 for one still being read.
    func created<Body: Content>(_ body: Body, at url: some SitePath, status: HTTPStatus = .created) async throws -> Response {
        try await created(body, location: url.path, status: status)
    }

    /// The platform's operations by their short names (`.capture(id:)`).
    func created<Body: Content>(_ body: Body, at url: APIRoute, status: HTTPStatus = .created) async throws -> Response {
        try await created(body, location: url.path, status: status)
    }

    private func created<Body: Content>(_ body: Body, location: String, status: HTTPStatus) async throws -> Response {
        let response = try await body.encodeResponse(status: status, for: self)
        response.headers.replaceOrAdd(name: .location, value: location)
        return response
    }
}
