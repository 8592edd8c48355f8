import Fluent
import Foundation
import ScanbookClient
import Testing
import Vapor
@testable import ScanbookServer

/// Issue 46: `scanbook remote`, the built command as a script runs it, against a live server on
/// SQLite and PostgreSQL: sign in, send a folder of receipt photos and wait for them, export a CSV.
@Suite struct RemoteCommandTests {
    static func scanbook(_ arguments: [String], environment: [String: String], input: String? = nil) async throws -> ExternalProgram.Run {
        let inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCANBOOK_") }
        return try await ExternalProgram.run(ExternalProgram.scanbook, ["remote"] + arguments, environment: inherited.merging(environment) { $1 }, input: input)
    }

    struct Uploaded: Decodable {
        let file: String
        let id: String?
        let state: String?
        let total: String?
        let date: String?
        let error: String?
    }

    @Test(arguments: TestDatabase.available)
    func aHotFolderOfReceiptPhotosIsSentReadAndExported(_ database: TestDatabase) async throws {
        try await withAnna(database) { app, _ in
            app.startCaptureWorkers()
            try await LiveServer.with(app) { server in
                let work = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: work) }
                let inbox = work.appendingPathComponent("inbox"), done = work.appendingPathComponent("done")
                try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
                try Data(try Fixtures.bytes("receipt-coop.jpg")).write(to: inbox.appendingPathComponent("coop.jpg"))
                try Data(try Fixtures.bytes("avatar.png")).write(to: inbox.appendingPathComponent("not-a-receipt.png"))
                try Data("notes".utf8).write(to: inbox.appendingPathComponent("notes.txt"))
                let environment = ["SCANBOOK_REMOTE_CONFIG": work.appendingPathComponent("remote.json").path]
                let address = "http://127.0.0.1:\(server.port)"

                // Signing in: a wrong password is refused and keeps nothing; the right one keeps a token only the user can read.
                let wrong = try await Self.scanbook(["login", "--server", address, "--email", "anna@example.org"], environment: environment, input: "wrong\n")
                #expect(wrong.status != 0 && wrong.errors.contains("HTTP 401"), "\(wrong.errors)")
                #expect(!FileManager.default.fileExists(atPath: environment["SCANBOOK_REMOTE_CONFIG"] ?? ""))
                let login = try await Self.scanbook(["login", "--server", address, "--email", "anna@example.org"], environment: environment, input: "Sommer2025!\n")
                #expect(login.status == 0 && login.output.contains("as anna@example.org"), "\(login.errors)")
                let permissions = try FileManager.default.attributesOfItem(atPath: environment["SCANBOOK_REMOTE_CONFIG"] ?? "")[.posixPermissions] as? Int
                #expect(permissions == 0o600)

                // The folder: both photos sent and waited for; the receipt read, the other photo a result too; both moved.
                let upload = try await Self.scanbook(["upload", "--folder", inbox.path, "--move-to", done.path, "--json"], environment: environment)
                #expect(upload.status == 0, "\(upload.errors)")
                let results = try JSONDecoder().decode([Uploaded].self, from: Data(upload.output.utf8))
                #expect(results.map(\.file) == ["coop.jpg", "not-a-receipt.png"])
                let coop = try #require(results.first)
                #expect(coop.state == "review" && coop.total == "127.53" && coop.date == "2024-06-14" && coop.error == nil)
                #expect(results.last?.error == nil && results.last?.state != "reading")
                #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path) == ["notes.txt"])
                #expect(Set(try FileManager.default.contentsOfDirectory(atPath: done.path)) == ["coop.jpg", "not-a-receipt.png"])
                let empty = try await Self.scanbook(["upload", "--folder", inbox.path], environment: environment)
                #expect(empty.status != 0 && empty.errors.contains("holds no .jpg"))

                // The same photo put in the folder again (a scanner's second run) is the same receipt, not a second one.
                try FileManager.default.copyItem(at: done.appendingPathComponent("coop.jpg"), to: inbox.appendingPathComponent("coop-again.jpg"))
                let repeated = try await Self.scanbook(["upload", "--folder", inbox.path, "--json"], environment: environment)
                #expect(repeated.status == 0, "\(repeated.errors)")
                #expect(try JSONDecoder().decode([Uploaded].self, from: Data(repeated.output.utf8)).first?.id == coop.id)
                #expect(try await Receipt.query(on: app.db).count() == 2)

                // Confirmed on the server, the receipt is in the month's CSV.
                let settings = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: environment["SCANBOOK_REMOTE_CONFIG"] ?? "")))
                let client = ScanbookClient.connect(to: try #require(URL(string: address)), token: settings["token"])
                _ = try await client.patchApiV1ReceiptsReceiptID(path: .init(receiptID: try #require(coop.id)), body: .json(.init(total: "127.53"))).ok
                let csvFile = work.appendingPathComponent("june.csv")
                let export = try await Self.scanbook(["export", "receipts", "--month", "2024-06", "--out", csvFile.path], environment: environment)
                #expect(export.status == 0, "\(export.errors)")
                let csv = try String(contentsOf: csvFile, encoding: .utf8)
                #expect(csv.split(whereSeparator: \.isNewline).count == 2 && csv.contains("2024-06-14,Coop Bahnhof Bern,Uncategorized,127.53,CHF"), "\(csv)")

                // A token that does not work is a one-line error, not a crash.
                let revoked = try await Self.scanbook(["export", "receipts"], environment: ["SCANBOOK_SERVER": address, "SCANBOOK_TOKEN": "nonsense"])
                #expect(revoked.status == 1 && revoked.errors.contains("HTTP 401"), "\(revoked.errors)")
            }
        }
    }
}
