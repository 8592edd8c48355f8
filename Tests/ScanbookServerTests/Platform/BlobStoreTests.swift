import Foundation
import Testing
import Vapor
@testable import ScanbookServer

/// Both blob stores behave alike on both databases: what is put comes back byte for byte, under
/// its SHA-256, across chunk boundaries; missing blobs are a 404, never a crash.
@Suite struct BlobStoreTests {
    static let cases: [(TestDatabase, AppConfig.BlobStorage)] = TestDatabase.available.flatMap { database in
        AppConfig.BlobStorage.allCases.map { (database, $0) }
    }

    private func withStore(_ database: TestDatabase, _ storage: AppConfig.BlobStorage, _ body: (Application, any BlobStore) async throws -> Void) async throws {
        try await withScanbook(database, configure: { $0.blobStorage = storage }) { app, _ in
            try await body(app, app.blobStore)
        }
    }

    /// Bytes that are not all one value, so a chunk written twice or out of order would show.
    private func photo(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test(arguments: cases)
    func bytesComeBackWholeAcrossChunks(_ database: TestDatabase, _ storage: AppConfig.BlobStorage) async throws {
        try await withStore(database, storage) { _, store in
            for size in [0, 1, DatabaseBlobStore.chunkSize, DatabaseBlobStore.chunkSize * 2 + 12_345] {
                let bytes = photo(size, seed: UInt64(size) + 1)
                let hash = try await store.put(bytes)
                #expect(hash == BlobHash.of(bytes))
                #expect(try await store.put(bytes) == hash, "storing again is the same blob")
                #expect(try await store.get(hash) == bytes, "\(size) bytes")
                #expect(try await store.contains(hash))
            }
        }
    }

    @Test(arguments: cases)
    func theSamePhotoStoredAtOnceIsOneBlob(_ database: TestDatabase, _ storage: AppConfig.BlobStorage) async throws {
        try await withStore(database, storage) { _, store in
            let bytes = photo(300_000, seed: 7)
            let hashes = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<6 { group.addTask { try await store.put(bytes) } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(hashes == [BlobHash.of(bytes)])
            #expect(try await store.get(BlobHash.of(bytes)) == bytes)
            #expect(try await store.hashes(storedBefore: .distantFuture) == [BlobHash.of(bytes)])
        }
    }

    @Test(arguments: cases)
    func removedAndUnknownBlobsAreMissingNotACrash(_ database: TestDatabase, _ storage: AppConfig.BlobStorage) async throws {
        try await withStore(database, storage) { _, store in
            let hash = try await store.put(Array("gone soon".utf8))
            try await store.remove(hash)
            #expect(try await !store.contains(hash))
            await #expect(throws: BlobStoreError.self) { try await store.get(hash) }
            await #expect(throws: BlobStoreError.self) { try await store.get("../../etc/passwd") }
            #expect(try await !store.contains("not a hash"))
            #expect(try await store.hashes(storedBefore: .distantFuture).isEmpty)
        }
    }

    /// A photo whose bytes are gone is answered 404 to its owner, as any missing file.
    @Test(arguments: cases)
    func aBlobRowWithoutBytesIsServedAsNotFound(_ database: TestDatabase, _ storage: AppConfig.BlobStorage) async throws {
        try await withStore(database, storage) { app, store in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let owner = try await app.userID("anna@example.org")
            let blob = try await app.storeBlob(CheckedUpload(bytes: photo(2_000, seed: 3), content: .jpeg), owner: owner, on: app.db)
            try await store.remove(blob.hash)
            let response = try await anna.get(SiteURL.blob(id: try blob.requireID()).path)
            #expect(response.status == .notFound)
        }
    }

    /// `scanbook blobs migrate`: every blob copied with its hash checked, both ways, and nothing
    /// lost; a blob whose bytes were damaged is reported, not copied.
    @Test(arguments: TestDatabase.available)
    func blobsMoveBetweenStoresAndBack(_ database: TestDatabase) async throws {
        try await withStore(database, .files) { app, files in
            let anna = WebSession(app)
            try await anna.register(email: "anna@example.org")
            let owner = try await app.userID("anna@example.org")
            let photos = (0..<3).map { photo(DatabaseBlobStore.chunkSize + $0 * 1_000, seed: UInt64($0) + 10) }
            for bytes in photos { _ = try await app.storeBlob(CheckedUpload(bytes: bytes, content: .jpeg), owner: owner, on: app.db) }

            let there = try await app.copyBlobs(from: .files, to: .database)
            #expect(there.copied == 3 && there.damaged.isEmpty && there.missing.isEmpty, "\(there)")
            let database = app.blobStore(.database)
            for bytes in photos { #expect(try await database.get(BlobHash.of(bytes)) == bytes) }
            #expect(try await app.copyBlobs(from: .files, to: .database) == .init(alreadyThere: 3))

            // Back into an empty file store: the database copies are complete on their own.
            for bytes in photos { try await files.remove(BlobHash.of(bytes)) }
            let back = try await app.copyBlobs(from: .database, to: .files)
            #expect(back.copied == 3 && back.missing.isEmpty, "\(back)")
            #expect(try await app.verifyBlobs() == .init(alreadyThere: 3))

            // A file changed on disk keeps its name but not its hash.
            let damaged = BlobHash.of(photos[0])
            let path = try #require(files as? FileBlobStore).path(for: damaged)
            try Data("tampered".utf8).write(to: path)
            #expect(try await app.verifyBlobs().damaged == [damaged])
        }
    }
}
