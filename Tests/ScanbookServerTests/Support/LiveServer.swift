import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Vapor
import VaporTesting
@testable import ScanbookServer

/// The app on a real socket, started once, for many requests in parallel (VaporTesting's
/// `.running` starts and stops the server around each request). The server sees a peer
/// address, so `X-Forwarded-For` from a trusted 127.0.0.1 names the client.
final class LiveServer: Sendable {
    let app: Application
    let port: Int
    private let client: HTTPClient

    private init(app: Application, port: Int) {
        self.app = app
        self.port = port
        // A connection per parallel request, and long waits: the whole suite runs at once.
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(120), read: .seconds(120)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 128)
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    static func start(_ app: Application) async throws -> LiveServer {
        try await app.asyncBoot()
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
        return LiveServer(app: app, port: port)
    }

    func stop() async throws {
        try await client.shutdown()
        await app.server.shutdown()
    }

    /// Starts the server, runs `body`, stops it.
    static func with<T>(_ app: Application, _ body: (LiveServer) async throws -> T) async throws -> T {
        let server = try await start(app)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    func send(_ method: HTTPMethod, _ path: String, from client: String, token: String? = nil,
              json: (any Encodable & Sendable)? = nil) async throws -> Response {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.add(name: "X-Forwarded-For", value: client)
        if let token { request.headers.add(name: .authorization, value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: .contentType, value: "application/json")
            request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(AnyJSON(json))))
        }
        let response = try await self.client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 4 * 1024 * 1024)
        return Response(status: response.status, headers: response.headers, body: body)
    }

    /// A raw body (XML, say) with a bearer token.
    func sendRaw(_ method: HTTPMethod, _ path: String, token: String, body: String, contentType: String) async throws -> Response {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.add(name: .authorization, value: "Bearer \(token)")
        request.headers.add(name: .contentType, value: contentType)
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(request, timeout: .seconds(120))
        return Response(status: response.status, headers: response.headers, body: try await response.body.collect(upTo: 4 * 1024 * 1024))
    }

    struct Response: Sendable {
        let status: HTTPStatus
        let headers: HTTPHeaders
        let body: ByteBuffer
    }

    private struct AnyJSON: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }
}
