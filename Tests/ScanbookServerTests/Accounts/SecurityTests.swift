import Fluent
import SQLKit
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct CSRFTests {
    @Test(arguments: TestDatabase.available)
    func formsWithoutTheSessionTokenAreRefusedAndChangeNothing(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let browser = WebSession(app)
            try await browser.get(SiteURL.register.path)
            let register = try await browser.post(
                SiteURL.register.path, ["name": "A", "email": "a@example.org", "password": "Sommer2025!"], csrf: false
            )
            #expect(register.status == .forbidden)
            #expect(register.body.string.contains("This form has expired"))
            #expect(try await User.query(on: app.db).count() == 0)

            try await browser.register(email: "anna@example.org")
            try await browser.get(SiteURL.settings.path)
            let forged = try await browser.post(
                SiteURL.changePassword.path,
                ["current": "Sommer2025!", "new": "Winter2026#", "confirm": "Winter2026#", "csrf": "forged-token"],
                csrf: false
            )
            #expect(forged.status == .forbidden)
            #expect(try await browser.post(SiteURL.logout.path, csrf: false).status == .forbidden)
            #expect(try await browser.get(SiteURL.settings.path).status == .ok, "still logged in")
        }
    }
}

@Suite struct AvatarTests {
    @Test(arguments: TestDatabase.available)
    func profilePictureIsStoredContentAddressedAndShownOnlyToItsOwner(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, environment in
            let png = try Fixtures.avatarPNG()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org", avatar: png)
            let user = try #require(try await User.query(on: app.db).with(\.$avatar).first())
            let blob = try #require(user.avatar)
            #expect(blob.hash == FileBlobStore.hash(png.bytes))
            let file = URL(fileURLWithPath: environment.config.blobDirectory)
                .appendingPathComponent(String(blob.hash.prefix(2))).appendingPathComponent(String(blob.hash.dropFirst(2)))
            #expect(try Data(contentsOf: file) == Data(png.bytes))

            let url = SiteURL.blob(id: try blob.requireID()).path
            #expect(try await anna.get(SiteURL.settings.path).body.string.contains(url))
            let own = try await anna.get(url)
            #expect(own.status == .ok)
            #expect(own.headers.contentType?.description == "image/png")
            #expect(Array(own.body.readableBytesView) == png.bytes)

            let ben = WebSession(app)
            try await ben.register(email: "ben@example.org")
            #expect(try await ben.get(url).status == .notFound)
            let anonymous = try await WebSession(app).get(url)
            #expect(anonymous.status == .seeOther)
        }
    }

    @Test(arguments: TestDatabase.available)
    func changingThePictureInSettingsReplacesIt(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, _ in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await anna.get(SiteURL.settings.path)
            let response = try await anna.post(SiteURL.avatar.path, files: ["avatar": try Fixtures.avatarPNG()])
            #expect(response.status == .seeOther)
            let settings = try await anna.get(SiteURL.settings.path)
            #expect(settings.body.string.contains("Your profile picture has been updated."))
            #expect(settings.body.string.contains(#"id="avatar""#))
        }
    }
}

@Suite struct UploadRejectionTests {
    @Test(arguments: TestDatabase.available)
    func oversizeAndNonImageUploadsAreRefusedWithNothingWritten(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.maxUploadBytes = 10_000 }) { app, environment in
            let tooLarge = FormFile(filename: "big.png", contentType: "image/png", bytes: try Fixtures.bytes("avatar.png") + [UInt8](repeating: 0, count: 20_000))
            let oversize = try await WebSession(app).register(email: "anna@example.org", avatar: tooLarge)
            #expect(oversize.status == .payloadTooLarge)
            #expect(oversize.body.string.contains("larger than the limit of 10 kB"))

            let text = FormFile(filename: "photo.jpg", contentType: "image/jpeg", bytes: Array("not an image at all".utf8))
            let notImage = try await WebSession(app).register(email: "anna@example.org", avatar: text)
            #expect(notImage.status == .unsupportedMediaType)
            #expect(notImage.body.string.contains("This file is not a JPEG or PNG image."))

            let heic = FormFile(filename: "IMG_0001.HEIC", contentType: "image/heic", bytes: [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 64))
            let heicResponse = try await WebSession(app).register(email: "anna@example.org", avatar: heic)
            #expect(heicResponse.body.string.contains("HEIC photos are not supported yet"))

            #expect(try await User.query(on: app.db).count() == 0)
            #expect(try await StoredBlob.query(on: app.db).count() == 0)
            let stored = FileManager.default.enumerator(atPath: environment.config.blobDirectory)?.allObjects ?? []
            #expect(stored.isEmpty, "no file was written: \(stored)")
        }
    }
}

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
