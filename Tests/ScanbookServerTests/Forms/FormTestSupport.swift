import Fluent
import Foundation
import NIOCore
import ScanbookCore
import Vapor
import VaporTesting
@testable import ScanbookServer

/// The form engine's fixtures: a generated exam cover sheet (template, roster) and two filled
/// copies photographed, with their truth.
enum FormFixtures {
    static let directory = Fixtures.visionDirectory.appendingPathComponent("forms")

    static func file(_ name: String) throws -> FormFile {
        let url = directory.appendingPathComponent(name)
        let type = name.hasSuffix(".png") ? "image/png" : "image/jpeg"
        return FormFile(filename: url.lastPathComponent, contentType: type, bytes: [UInt8](try Data(contentsOf: url)))
    }

    static func template() throws -> FormTemplateFile {
        try JSONDecoder().decode(FormTemplateFile.self, from: Data(contentsOf: directory.appendingPathComponent("template/template.json")))
    }

    static func roster() throws -> String {
        try String(contentsOf: directory.appendingPathComponent("template/roster.csv"), encoding: .utf8)
    }

    /// The filled form's values as written on it.
    static func truth(_ name: String) throws -> [String: String] {
        struct Truth: Decodable { let values: [String: String] }
        return try JSONDecoder().decode(Truth.self, from: Data(contentsOf: directory.appendingPathComponent("\(name).json"))).values
    }
}

extension APIClient {
    /// A template made from the fixture: its page (the whole image as the page), regions, links
    /// and roster, all through the API.
    func makeExamTemplate() async throws -> FormTemplateDTO {
        let created = try await send(.POST, FormsAPIRoute.templates, json: FormTemplateInput(name: "Prüfung LA I", description: "Deckblatt", gradeStep: 5))
        let id = try created.content.decode(FormTemplateDTO.self).id
        let page = try await upload(.POST, FormsAPIRoute.pages(id: id), files: ["photo": try FormFixtures.file("template/page1.png")])
        guard page.status == .created else { throw Abort(page.status, reason: page.body.string) }
        // The fixture is the page itself: its corners are the image's.
        _ = try await send(.PUT, FormsAPIRoute.page(id: id, page: 1), json: FormCornersInput(corners: "0,0;1239,0;1239,1753;0,1753"))
        let file = try FormFixtures.template()
        let regions = try await send(.PUT, FormsAPIRoute.regions(id: id), json: file.regions)
        guard regions.status == .ok else { throw Abort(regions.status, reason: regions.body.string) }
        _ = try await send(.PUT, FormsAPIRoute.links(id: id), json: file.links)
        return try await send(.PUT, FormsAPIRoute.roster(id: id), json: FormRosterInput(csv: try FormFixtures.roster())).content.decode(FormTemplateDTO.self)
    }
}

extension Application {
    /// Polls until none of the template's scans is being read.
    func waitForFormScans(_ template: UUID, timeout: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let reading = try await FormScan.query(on: db).filter(\.$template.$id == template).filter(\.$state == .reading).count()
            if reading == 0 { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        let captures = try await Capture.query(on: db).all().map { "\($0.kind) \($0.status.rawValue) \($0.attempts) \($0.error ?? "")" }
        throw Abort(.requestTimeout, reason: "the scans were not read in time: \(captures)")
    }
}
