import Foundation
import Testing
import Vapor
import VaporTesting
@testable import ScanbookServer

/// One account cannot fill the disk or the queue every user's photos go through (issue 21).
@Suite struct QuotaTests {
    @Test(arguments: TestDatabase.available)
    func uploadsStopAtTheStorageQuotaWithAMessage(_ database: TestDatabase) async throws {
        try await withAnna(database, configure: { $0.userStorageBytes = 300 }) { app, anna in
            let small = try Fixtures.avatarPNG()
            _ = try await anna.uploadCapture(small)
            _ = try await anna.uploadCapture(small)  // the same bytes again take no more room
            try await anna.get(SiteURL.captures.path)
            let full = try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": try Fixtures.documentPhoto()])
            #expect(full.status == .payloadTooLarge)
            #expect(full.body.string.contains("storage is full"))
            #expect(try await StoredBlob.query(on: app.db).count() == 1, "nothing stored by the refused upload")
        }
    }

    @Test(arguments: TestDatabase.available)
    func queuedJobsStopAtThePendingQuota(_ database: TestDatabase) async throws {
        try await withScanbook(database, configure: { $0.userPendingJobs = 2 }) { app, _ in
            let anna = WebSession(app), ben = WebSession(app)
            try await anna.register(email: "anna@example.org")
            try await ben.register(email: "ben@example.org")
            // (Workers are not started in tests: every upload stays queued.)
            for name in ["document-1", "document-2"] { _ = try await anna.uploadCapture(try Fixtures.documentPhoto(name)) }
            try await anna.get(SiteURL.captures.path)
            let third = try await anna.post(SiteURL.captures.path, ["kind": "document"], files: ["image": try Fixtures.avatarPNG()])
            #expect(third.status == .tooManyRequests)
            #expect(third.body.string.contains("already waiting"))
            _ = try await ben.uploadCapture(try Fixtures.avatarPNG())  // another account is not held up
            #expect(try await Capture.query(on: app.db).count() == 3)
        }
    }
}
