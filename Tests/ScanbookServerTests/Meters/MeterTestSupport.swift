import Foundation
import NIOCore
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// The meter fixtures (made by `Fixtures/make_meter_fixtures.py`): a blue and a red meter, and a
/// later photo of the blue one whose counter (6 digits, 1 decimal) shows 4719.3 inside `stripCrop`.
enum MeterFixtures {
    static let stripCrop = ["x": "188", "y": "417", "w": "625", "h": "166"]
    static let shownValue = "4719.3"

    static func photo(_ name: String) throws -> FormFile {
        FormFile(filename: "\(name).jpg", contentType: "image/jpeg", bytes: try Fixtures.bytes("\(name).jpg"))
    }
}

extension WebSession {
    /// Creates a meter on the meters page (6 digits, 1 decimal unless given) and returns its id.
    func createMeter(_ name: String, reference: String? = nil, fields: [String: String] = [:]) async throws -> UUID {
        try await get(MetersURL.list.path)
        var form = ["name": name, "kind": "electricity", "digits": "6", "decimals": "1"]
        form.merge(fields) { $1 }
        let response = try await post(MetersURL.list.path, form, files: try reference.map { ["reference": try MeterFixtures.photo($0)] } ?? [:])
        #expect(response.status == .seeOther, "\(response.body.string)")
        let location = try #require(response.headers.first(name: .location))
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    /// Types a reading on the meter's page.
    @discardableResult
    func addReading(_ meter: UUID, value: String, takenAt: String) async throws -> TestingHTTPResponse {
        try await get(MetersURL.meter(id: meter).path)
        return try await post(MetersURL.readings(id: meter).path, ["value": value, "takenAt": takenAt])
    }
}

extension APIClient {
    /// A multipart request with the bearer token (photo uploads).
    func upload(_ method: HTTPMethod, _ url: some SitePath, fields: [String: String] = [:], files: [String: FormFile]) async throws -> TestingHTTPResponse {
        try await upload(method, url, fields: fields, files: files.map { (name: $0.key, file: $0.value) })
    }

    func sendCSV(_ url: some SitePath, _ text: String) async throws -> TestingHTTPResponse {
        try await app.testing().sendRequest(.POST, url.path, headers: ["Authorization": "Bearer \(token)", "Content-Type": "text/csv"], body: ByteBuffer(string: text))
    }
}
