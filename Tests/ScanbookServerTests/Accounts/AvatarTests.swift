import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

@Suite struct AvatarTests {
    @Test(arguments: TestDatabase.available)
    func profilePictureIsStoredContentAddressedAndShownOnlyToItsOwner(_ database: TestDatabase) async throws {
        try await withScanbook(database) { app, environment in
            let png = try Fixtures.avatarPNG()
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org", avatar: png)
            let user = try #require(try await User.query(on: app.db).with(\.$avatar).first())
            let blob = try #require(user.avatar)
            #expect(blob.hash == BlobHash.of(png.bytes))
            #expect(try await app.blobStore.get(blob.hash) == png.bytes)

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
        try await withAnna(database) { app, anna in
            try await anna.get(SiteURL.settings.path)
            let response = try await anna.post(SiteURL.avatar.path, files: ["avatar": try Fixtures.avatarPNG()])
            #expect(response.status == .seeOther)
            let settings = try await anna.get(SiteURL.settings.path)
            #expect(settings.body.string.contains("Your profile picture has been updated."))
            #expect(settings.body.string.contains(#"id="avatar""#))
        }
    }
}
