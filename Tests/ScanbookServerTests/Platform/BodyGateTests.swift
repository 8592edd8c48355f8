import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// Bodies the gate refuses before any handler or parser sees them (issue 21): each is a 400 or 413
/// with a message, on a route anyone can reach, and the server answers the next request.
@Suite struct BodyGateTests {
    private func send(_ app: Application, _ path: String, contentType: String, _ bytes: [UInt8], headers extra: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var headers = extra
        headers.replaceOrAdd(name: .contentType, value: contentType)
        return try await app.testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(bytes: bytes))
    }

    @Test(arguments: TestDatabase.available)
    func malformedBodiesAreRefusedWithAMessage(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let login = APIRoute.login.path
            // A part header name with a byte ≥ 0x80 once crashed multipart-kit's parser (the whole process).
            var multipart = Array("--b\r\nContent-Disposition: form-data; name=\"email\"\r\nX-".utf8)
            multipart += [0x80, 0xFF] + Array(": 1\r\n\r\nanna@example.org\r\n--b--\r\n".utf8)
            let cases: [(String, [UInt8], HTTPStatus)] = [
                ("multipart/form-data; boundary=b", multipart, .badRequest),
                ("multipart/form-data; boundary=", Array("----\r\n".utf8), .badRequest),
                ("multipart/form-data; boundary=b", Array("--b\r\nno end".utf8), .badRequest),
                ("application/json", Array("{\"email\": ".utf8), .badRequest),
                ("application/json", Array("{\"email\": \"a\\u0000b\"}".utf8), .badRequest),
                ("application/x-www-form-urlencoded", Array("email=%zz".utf8), .badRequest),
                ("application/x-www-form-urlencoded", [0x65, 0x3D, 0xC3, 0x28], .badRequest),
            ]
            for (contentType, body, status) in cases {
                let response = try await send(app, login, contentType: contentType, body)
                #expect(response.status == status, "\(contentType) \(body.prefix(40))")
                let error = try? response.content.decode(APIErrorResponse.self)
                #expect(error?.error == true && error?.reason.isEmpty == false, "a message for \(contentType)")
            }
            // Over the route's limit: refused by its declared length before anything is read.
            let big = [UInt8](repeating: 0x20, count: 2_000_000)
            #expect(try await send(app, login, contentType: "application/json", big).status == .payloadTooLarge)
            // A malformed query string is refused on any route as well.
            #expect(try await app.testing().sendRequest(.GET, APIRoute.openAPI.path + "?a=%C3%28").status == .badRequest, "not UTF-8")
            // Still answering.
            #expect(try await app.testing().sendRequest(.GET, SiteURL.healthz.path).status == .ok)
        }
    }

    @Test func apiListsComeAPageAtATime() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let list = try await api.send(.POST, ListsAPIRoute.lists, json: ListNameForm(name: "Vorrat")).content.decode(ShoppingListDTO.self)
            for name in ["Reis", "Mehl", "Zucker"] {
                #expect(try await api.send(.POST, ListsAPIRoute.items(id: list.id), json: ItemInput(name: name)).status == .created)
            }
            let path = ListsAPIRoute.items(id: list.id).path
            func get(_ target: String) async throws -> TestingHTTPResponse {
                try await app.testing().sendRequest(.GET, target, headers: ["Authorization": "Bearer \(api.token)"])
            }
            let first = try await get(path + "?limit=2")
            #expect(try first.content.decode([ListItemDTO].self).count == 2)
            #expect(first.headers.first(name: "X-Total-Count") == "3")
            let link = try #require(first.headers.first(name: "Link"))
            let next = try #require(link.firstMatch(of: /<([^>]+)>; rel="next"/)?.1)
            #expect(next.contains("offset=2"))
            let second = try await get(String(next))
            #expect(try second.content.decode([ListItemDTO].self).count == 1)
            #expect(!second.headers.contains(name: "Link"), "the last page")
            for bad in ["limit=0", "limit=501", "offset=-1", "limit=abc", "offset=99999999999999999999"] {
                #expect(try await get(path + "?" + bad).status == .badRequest, "\(bad)")
            }
        }
    }
}

/// A photo over the upload limit gets a page a person can act on (issue 26): in the app's layout
/// with their menu, the file limit in words and the way back; the API says the same as JSON.
@Suite struct TooLargeUploadTests {
    @Test func anOversizedPhotoGetsAFriendlyPageAndJSON() async throws {
        try await withScanbook(.sqlite, configure: { $0.maxUploadBytes = 1_000_000 }) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await anna.get(ReceiptsURL.list.path)
            let photo = FormFile(filename: "big.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 7, count: 2_100_000))
            let page = try await anna.post(ReceiptsURL.list.path, files: ["photo": photo], headers: ["Referer": "http://localhost/receipts?month=2026-01"])
            #expect(page.status == .payloadTooLarge)
            let html = page.body.string
            #expect(html.contains("File too large") && html.contains("larger than 1 MB"), "the file limit, not the envelope's")
            #expect(html.contains(#"href="/settings""#), "still signed in: the menu is there")
            #expect(html.contains(#"id="error-try-again""#) && html.contains(#"href="/receipts?month=2026-01""#))

            let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
            let json = try await api.upload(.POST, ReceiptsAPIRoute.receipts, files: [("photo", photo)])
            #expect(json.status == .payloadTooLarge)
            let error = try json.content.decode(APIErrorResponse.self)
            #expect(error.error && error.reason.contains("1 MB"))
            #expect(try await Receipt.query(on: app.db).count() == 0)
        }
    }
}
