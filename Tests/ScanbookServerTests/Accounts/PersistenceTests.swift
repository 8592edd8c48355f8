import Fluent
import SQLKit
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct PersistenceTests {
    @Test(arguments: TestDatabase.available)
    func restartKeepsAccountsSessionsAndFiles(_ database: TestDatabase) async throws {
        let environment = TestEnvironment(database)
        do {
            try await restart(environment)
        } catch {
            try? await environment.tearDown()
            throw error
        }
        try await environment.tearDown()
    }

    private func restart(_ environment: TestEnvironment) async throws {
        let png = try Fixtures.avatarPNG()
        let (cookie, avatarURL) = try await environment.withApp { app in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org", avatar: png)
            let user = try #require(try await User.query(on: app.db).first())
            return (anna.cookies["scanbook-session"], SiteURL.blob(id: try #require(user.$avatar.id)).path)
        }
        try await environment.withApp { app in
            #expect(try await WebSession(app).login(email: "anna@example.org", password: "Sommer2025!").status == .seeOther)
            let returning = try await app.testing().sendRequest(.GET, avatarURL, headers: ["Cookie": "scanbook-session=\(try #require(cookie))"])
            #expect(returning.status == .ok, "the session survived the restart")
            #expect(Array(returning.body.readableBytesView) == png.bytes)
        }
    }

    @Test func sqliteRunsInWriteAheadLogModeWithForeignKeys() async throws {
        try await withScanbook(.sqlite) { app, _ in
            let sql = try #require(app.db as? any SQLDatabase)
            let mode = try await sql.raw("PRAGMA journal_mode").first(decoding: [String: String].self)
            #expect(mode?["journal_mode"] == "wal")
            let keys = try await sql.raw("PRAGMA foreign_keys").first(decoding: [String: Int].self)
            #expect(keys?["foreign_keys"] == 1)
        }
    }
}
