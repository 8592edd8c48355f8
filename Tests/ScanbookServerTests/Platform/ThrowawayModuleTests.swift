import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// What `docs/architecture.md` promises under "Adding a module", kept true: a module made in one
/// folder (`ThrowawayModule/`) and listed in one line is routed, in the menu, in the API document
/// and in the blob sweep, and disabling it takes it out of all but the sweep (its table stays).
@Suite struct ThrowawayModuleTests {
    @Test(arguments: TestDatabase.available)
    func aModuleIsOneFolderAndOneLine(_ database: TestDatabase) async throws {
        for disabled in [false, true] {
            try await withScanbook(database, configure: {
                $0.modules = Application.standardModules + [NotesModule()]
                if disabled { $0.disabledModules = [.notes] }
            }) { app, _ in
                let anna = WebSession(app)
                try await anna.register(email: "anna@example.org")
                let annaID = try #require(try await User.query(on: app.db).first()?.requireID())

                let page = try await anna.get(NotesURL.index.path)
                #expect(page.status == (disabled ? .notFound : .ok))
                #expect(page.body.string.contains("Your notes, each with a photo.") == !disabled, "its own texts")
                let home = try await anna.get(SiteURL.home.path).body.string
                #expect(home.contains(#"href="/notes""#) == !disabled && home.contains("Notes with a photo.") == !disabled, "menu and tile")

                let document = try await app.testing().sendRequest(.GET, APIRoute.openAPI.path).body.string
                #expect(document.contains("  /api/v1/notes/{noteID}:") == !disabled && document.contains("    Note:") == !disabled, "its API part")
                #expect(document.contains("  /api/v1/receipts:"), "the others' parts stay")

                let photo = try await app.storeBlob(CheckedUpload(bytes: try Fixtures.bytes("avatar.png"), content: .png), owner: annaID, on: app.db)
                let loose = try await app.storeBlob(CheckedUpload(bytes: Array(try Fixtures.documentPhoto().bytes), content: .jpeg), owner: annaID, on: app.db)
                let note = Note(ownerID: annaID, text: "Boiler serviced", photoID: try photo.requireID())
                try await note.create(on: app.db)
                let api = APIClient(app: app, token: try await app.apiToken(email: "anna@example.org"))
                let read = try await api.send(.GET, NotesAPIRoute.note(id: note.id))
                #expect(read.status == (disabled ? .notFound : .ok))
                if !disabled { #expect(try read.content.decode(NoteProbe.self).text == "Boiler serviced", "routed with its own parameter") }

                _ = try await app.sweepBlobs(now: Date().addingTimeInterval(2 * Application.blobSweepGrace))
                #expect(try await StoredBlob.find(photo.id, on: app.db) != nil, "a note's photo stays, served or not")
                #expect(try await StoredBlob.find(loose.id, on: app.db) == nil, "a photo nothing refers to goes")
            }
        }
    }

    @Test func aModuleCannotRedefineAnotherModulesText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scanbook-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"module_receipts": "Quittungen"}"#.utf8).write(to: directory.appendingPathComponent("en.json"))
        let modules = Application.standardModules.compactMap(\.resources?.locales) + [directory]
        #expect(throws: Localizer.DuplicateKey.self) { try Localizer.load(from: ScanbookResources.localesDirectory, modules: modules) }
    }
}

private struct NoteProbe: Decodable {
    let text: String
}
