import Fluent
import Foundation
import Testing
import VaporTesting
@testable import ScanbookServer

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
            #expect(try await app.blobStore.hashes(storedBefore: .distantFuture).isEmpty, "nothing was stored")
        }
    }
}
