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

extension APIClient {
    /// A multipart request with the bearer token; files in order, several under one name (`photos[]`).
    func upload(_ method: HTTPMethod, _ url: some SitePath, fields: [String: String] = [:], files: [(name: String, file: FormFile)]) async throws -> TestingHTTPResponse {
        let (body, contentType) = MultipartBody.make(fields: fields.map { ($0.key, $0.value) }, files: files)
        return try await app.testing().sendRequest(method, url.path, headers: ["Authorization": "Bearer \(token)", "Content-Type": contentType], body: body)
    }
}

/// A multipart/form-data body as a browser sends it.
enum MultipartBody {
    static func make(fields: [(name: String, value: String)], files: [(name: String, file: FormFile)]) -> (body: ByteBuffer, contentType: String) {
        let boundary = "scanbook-test-\(UUID().uuidString)"
        var body = ByteBuffer()
        for (name, value) in fields {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for (name, file) in files {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.contentType)\r\n\r\n")
            body.writeBytes(file.bytes)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}
