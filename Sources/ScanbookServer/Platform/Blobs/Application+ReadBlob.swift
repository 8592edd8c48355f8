import Vapor

extension Application {
    /// A stored blob's bytes, read off the event loop (the file store reads from disk).
    func bytes(of blob: StoredBlob) async throws -> [UInt8] {
        let store = blobStore, hash = blob.hash
        return try await threadPool.runIfActive { try store.get(hash) }
    }
}
