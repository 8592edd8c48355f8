import Fluent
import Foundation
import ScanbookCore
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

@Suite struct BlobSweepTests {
    /// One row in every table that declares blob columns, through the app's own flows.
    private func populate(_ app: Application) async throws {
        let anna = WebSession(app)
        try await anna.register(email: "anna@example.org", avatar: try Fixtures.avatarPNG())
        let meter = try await anna.createMeter("Strom", reference: "meter-blue-reference")
        #expect(try await anna.addReading(meter, value: "100", takenAt: "2025-01-01T08:00").status == .seeOther)
        let token = try await app.apiToken(email: "anna@example.org")
        let photo = try Fixtures.avatarPNG()
        let receipt = try await app.testing().sendRequest(.POST, ReceiptsAPIRoute.receipts.path, headers: ["Authorization": "Bearer \(token)"], beforeRequest: { request in
            try request.content.encode(ReceiptUploadForm(image: File(data: .init(bytes: photo.bytes), filename: "r.png")), as: .formData)
        })
        #expect(receipt.status == .accepted)
        // A form template's page and a scanned form (its aligned page column is set below).
        let api = APIClient(app: app, token: token)
        let template = try await api.send(.POST, FormsAPIRoute.templates, json: FormTemplateInput(name: "Exam")).content.decode(FormTemplateDTO.self)
        #expect(try await api.upload(.POST, FormsAPIRoute.pages(id: template.id), files: ["photo": try FormFixtures.file("template/page1.png")]).status == .created)
        #expect(try await api.send(.PUT, FormsAPIRoute.regions(id: template.id), json: [FormRegion(name: "total", type: .points, page: 1, rect: PixelRect(x: 10, y: 10, width: 100, height: 50))]).status == .ok)
        #expect(try await api.upload(.POST, FormsAPIRoute.scans(id: template.id), files: [("photos[]", try FormFixtures.file("000.jpg"))]).status == .accepted)
        // A derived image of a capture, as processing records it.
        let capture = try #require(try await Capture.query(on: app.db).first())
        try await CaptureDerivedBlob(captureID: try capture.requireID(), blobID: capture.$blob.id).create(on: app.db)
    }

    private func blob(_ app: Application, _ text: String) async throws -> StoredBlob {
        let owner = try await app.userID("anna@example.org")
        return try await app.storeBlob(CheckedUpload(bytes: Array(text.utf8), content: .unknown), owner: owner, on: app.db)
    }

    @Test(arguments: TestDatabase.available)
    func aBlobNamedByAnyModuleSurvivesAndNothingElseDoes(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            try await populate(app)
            let sql = try #require(app.db as? any SQLDatabase)
            // For every declared column, a blob that only this column names.
            var kept: [(BlobReference, StoredBlob)] = []
            for reference in app.blobReferences {
                let blob = try await blob(app, "kept by \(reference.table).\(reference.column)")
                try await sql.raw("""
                    UPDATE \(ident: reference.table) SET \(ident: reference.column) = \(bind: try blob.requireID())
                    WHERE id = (SELECT id FROM \(ident: reference.table) ORDER BY id LIMIT 1)
                    """).run()
                kept.append((reference, blob))
            }
            let orphan = try await blob(app, "nobody's")
            let strayHash = try await app.blobStore.put(Array("a file without a row".utf8))
            // Only the file store can be left with half-written files; the database store writes in transactions.
            let usesFiles = app.scanbookConfig.blobStorage == .files
            let temporary = URL(fileURLWithPath: app.scanbookConfig.blobDirectory).appendingPathComponent("tmp/crashed-upload")
            if usesFiles {
                try FileManager.default.createDirectory(at: temporary.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("half".utf8).write(to: temporary)
            }

            // Within the grace time nothing goes: an upload may still be on its way to its row.
            #expect(try await app.sweepBlobs(now: app.clock.now()) == .init())
            #expect(try await StoredBlob.find(orphan.id, on: app.db) != nil)

            let sweep = try await app.sweepBlobs(now: Date().addingTimeInterval(2 * Application.blobSweepGrace))
            #expect(try await StoredBlob.find(orphan.id, on: app.db) == nil)
            let orphanKept = try await app.blobStore.contains(orphan.hash), strayKept = try await app.blobStore.contains(strayHash)
            #expect(!orphanKept && !strayKept)
            #expect(!FileManager.default.fileExists(atPath: temporary.path))
            for (reference, blob) in kept {
                #expect(try await StoredBlob.find(blob.id, on: app.db) != nil, "\(reference) keeps its blob row")
                #expect(try await app.blobStore.get(blob.hash) == Array("kept by \(reference.table).\(reference.column)".utf8), "\(reference) keeps its file")
            }
            #expect(sweep.rowsRemoved >= 1 && sweep.filesRemoved >= (usesFiles ? 3 : 2), "\(sweep)")
        }
    }

    /// A module that adds a blob column without declaring it would lose its photos to the sweep.
    @Test func everyColumnThatRefersToBlobsIsDeclared() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let sql = try #require(app.db as? any SQLDatabase)
            struct Table: Decodable { let name: String }
            struct ForeignKey: Decodable { let table: String; let from: String }
            var referring = Set<BlobReference>()
            for table in try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all(decoding: Table.self) {
                for key in try await sql.raw("SELECT \"table\", \"from\" FROM pragma_foreign_key_list(\(bind: table.name))").all(decoding: ForeignKey.self)
                where key.table == StoredBlob.schema {
                    referring.insert(BlobReference(table: table.name, column: key.from))
                }
            }
            #expect(!referring.isEmpty)
            #expect(referring == Set(app.blobReferences))
        }
    }
}
