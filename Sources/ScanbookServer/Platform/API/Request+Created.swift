import Vapor

extension Request {
    /// The new resource with its address in `Location`: 201, or 202 for one still being read.
    func created<Body: Content>(_ body: Body, at url: SiteURL, status: HTTPStatus = .created) async throws -> Response {
        let response = try await body.encodeResponse(status: status, for: self)
        response.headers.replaceOrAdd(name: .location, value: url.path)
        return response
    }
}
