import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// A connection to one Scanbook server. `Client` is generated from the API document; this adds what
/// every call needs: the server's address and the `Authorization: Bearer` token.
public enum ScanbookClient {
    /// Sent as `Idempotency-Key` with every POST made while it is bound: the server makes the
    /// change once however often it is sent (a retry after a lost answer, a queue sent twice).
    ///
    ///     try await ScanbookClient.$idempotencyKey.withValue(action.id) { try await client.postApiV1ListsListIDItems(…) }
    @TaskLocal public static var idempotencyKey: String?

    /// A client for the server at `server` (its root, as in `https://scan.example.org`), sending
    /// `token` with every request; without a token only `login` and the document answer.
    public static func connect(to server: URL, token: String? = nil, session: URLSession = .shared) -> Client {
        Client(
            serverURL: server,
            transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: (token.map { [BearerToken(token: $0)] } ?? []) + [IdempotencyKey()]
        )
    }
}

/// Adds the API token to each request.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

/// Adds `ScanbookClient.idempotencyKey`, when bound, to POST requests.
struct IdempotencyKey: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.method == .post, let key = ScanbookClient.idempotencyKey, let name = HTTPField.Name("Idempotency-Key") {
            request.headerFields[name] = key
        }
        return try await next(request, body, baseURL)
    }
}
