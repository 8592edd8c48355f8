import Vapor
import VaporTesting
@testable import ScanbookServer

/// Calls the JSON API with a bearer token.
struct APIClient {
    let app: Application
    let token: String

    func send(_ method: HTTPMethod, _ url: some SitePath, query: String = "", json: (any Encodable & Sendable)? = nil) async throws -> TestingHTTPResponse {
        try await send(method, path: url.path + query, json: json)
    }

    /// The platform's operations by their short names (`.me`).
    func send(_ method: HTTPMethod, _ url: APIRoute, query: String = "", json: (any Encodable & Sendable)? = nil) async throws -> TestingHTTPResponse {
        try await send(method, path: url.path + query, json: json)
    }

    private func send(_ method: HTTPMethod, path: String, json: (any Encodable & Sendable)?) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(method, path, headers: ["Authorization": "Bearer \(token)"], beforeRequest: { request in
            if let json { try request.content.encode(AnyEncodable(json), as: .json) }
        })
    }
}

private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

extension APIClient {
    /// A raw body of `contentType` (the XML services).
    func send(_ method: HTTPMethod, path: String, body: String, contentType: String) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(method, path, headers: ["Authorization": "Bearer \(token)", "Content-Type": contentType], body: ByteBuffer(string: body))
    }
}
