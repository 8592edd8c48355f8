import Vapor

extension Application {
    /// A stored blob's bytes; a blob whose bytes are gone is a 404 (`BlobStoreError.missing`).
    func bytes(of blob: StoredBlob) async throws -> [UInt8] {
        try await blobStore.get(blob.hash)
    }
}
