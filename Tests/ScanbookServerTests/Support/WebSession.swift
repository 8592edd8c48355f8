import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// A minimal browser for server tests: keeps cookies between requests, reads the CSRF token from the
/// last page, and posts url-encoded or multipart forms.
final class WebSession {
    let app: Application
    var cookies: [String: String] = [:]
    private(set) var csrf: String?
    var acceptLanguage: String?

    init(_ app: Application) { self.app = app }

    @discardableResult
    func get(_ path: String) async throws -> TestingHTTPResponse {
        try await send(.GET, path, headers: [:], body: nil)
    }

    /// Posts a form; the page's CSRF token is added unless `csrf: false` (to test its absence).
    @discardableResult
    func post(_ path: String, _ fields: [String: String] = [:], files: [String: FormFile] = [:], csrf includeToken: Bool = true, headers extra: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var fields = fields
        if includeToken, let csrf { fields["csrf"] = csrf }
        var headers = extra
        var body = ByteBuffer()
        if files.isEmpty {
            headers.contentType = .urlEncodedForm
            body.writeString(fields.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }.joined(separator: "&"))
        } else {
            let multipart = MultipartBody.make(fields: fields.map { ($0.key, $0.value) }, files: files.map { ($0.key, $0.value) })
            headers.replaceOrAdd(name: .contentType, value: multipart.contentType)
            body = multipart.body
        }
        return try await send(.POST, path, headers: headers, body: body)
    }

    /// Posts an url-encoded body as written (repeated `name[]` fields), with the page's CSRF token.
    @discardableResult
    func postRaw(_ path: String, _ body: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.contentType = .urlEncodedForm
        let token = csrf.map { "csrf=\(Self.escape($0))&" } ?? ""
        return try await send(.POST, path, headers: headers, body: ByteBuffer(string: token + body))
    }

    private func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: ByteBuffer?) async throws -> TestingHTTPResponse {
        var headers = headers
        if !cookies.isEmpty {
            headers.replaceOrAdd(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let acceptLanguage { headers.replaceOrAdd(name: .acceptLanguage, value: acceptLanguage) }
        let response = try await app.testing().sendRequest(method, path, headers: headers, body: body)
        for header in response.headers[.setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let name = String(pair[0]), value = String(pair[1])
            if header.contains("Max-Age=0") || header.contains("Expires=Thu, 01 Jan 1970") || value.isEmpty {
                cookies[name] = nil
            } else {
                cookies[name] = value
            }
        }
        if let token = Self.csrfToken(in: response.body.string) { csrf = token }
        return response
    }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    private static func escape(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// Registers and stays logged in.
    @discardableResult
    func register(name: String = "Anna Muster", email: String, password: String = "Sommer2025!", avatar: FormFile? = nil) async throws -> TestingHTTPResponse {
        try await get(SiteURL.register.path)
        return try await post(
            SiteURL.register.path,
            ["name": name, "email": email, "password": password],
            files: avatar.map { ["avatar": $0] } ?? ["avatar": FormFile(filename: "", contentType: "application/octet-stream", bytes: [])]
        )
    }
}

struct FormFile {
    let filename: String
    let contentType: String
    let bytes: [UInt8]
}
