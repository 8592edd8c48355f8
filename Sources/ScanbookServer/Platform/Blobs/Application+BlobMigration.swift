import Foundation
import Vapor

extension Application {
    public struct BlobCopyReport: Sendable, Equatable, CustomStringConvertible {
        public var copied = 0
        public var alreadyThere = 0
        /// Blobs whose bytes no longer match their name: not copied, reported by hash.
        public var damaged: [String] = []
        /// Rows of `blobs` whose bytes are in neither store.
        public var missing: [String] = []

        public init(copied: Int = 0, alreadyThere: Int = 0, damaged: [String] = [], missing: [String] = []) {
            self.copied = copied
            self.alreadyThere = alreadyThere
            self.damaged = damaged
            self.missing = missing
        }

        public var description: String {
            var lines = ["copied \(copied), already there \(alreadyThere), damaged \(damaged.count), missing \(missing.count)"]
            lines += damaged.map { "damaged: \($0)" } + missing.map { "missing: \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    /// A store of either kind on this app's configuration: the configured one, or the other one
    /// `blobs migrate --to` copies from.
    func blobStore(_ storage: AppConfig.BlobStorage) -> any BlobStore {
        switch storage {
        case .files: FileBlobStore(directory: scanbookConfig.blobDirectory, threadPool: threadPool)
        case .database: DatabaseBlobStore(database: { [weak self] in self?.db }, now: { [weak self] in self?.clock.now() ?? Date() })
        }
    }

    /// Copies every blob of `source` into `target`, one at a time, checking each one's bytes
    /// against its hash on the way; the source keeps its copies (remove them once the new setting
    /// runs). Then checks that every row of `blobs` has its bytes in `target`.
    public func copyBlobs(from source: AppConfig.BlobStorage, to target: AppConfig.BlobStorage) async throws -> BlobCopyReport {
        let from = blobStore(source), to = blobStore(target)
        var report = BlobCopyReport()
        for hash in try await from.hashes(storedBefore: .distantFuture) {
            if try await to.contains(hash) {
                report.alreadyThere += 1
                continue
            }
            let bytes = try await from.get(hash)
            guard BlobHash.of(bytes) == hash, try await to.put(bytes) == hash else {
                report.damaged.append(hash)
                continue
            }
            report.copied += 1
        }
        report.missing = try await hashesWithoutBytes(in: to)
        return report
    }

    /// Re-reads every blob of the configured store and checks it against its name, and every row of
    /// `blobs` against the store. `damaged` and `missing` list what failed.
    public func verifyBlobs() async throws -> BlobCopyReport {
        let store = blobStore
        var report = BlobCopyReport()
        for hash in try await store.hashes(storedBefore: .distantFuture) {
            if BlobHash.of(try await store.get(hash)) == hash { report.alreadyThere += 1 } else { report.damaged.append(hash) }
        }
        report.missing = try await hashesWithoutBytes(in: store)
        return report
    }

    private func hashesWithoutBytes(in store: any BlobStore) async throws -> [String] {
        var missing: [String] = []
        for hash in Set(try await StoredBlob.query(on: db).all().map(\.hash)).sorted() where !(try await store.contains(hash)) {
            missing.append(hash)
        }
        return missing
    }
}

extension Application {
    /// For `make bench`: stores `bytes` in the given store, reads them back, checks them and
    /// removes them again; returns the two durations.
    public func timeBlobRoundTrip(_ bytes: [UInt8], in storage: AppConfig.BlobStorage) async throws -> (write: Duration, read: Duration) {
        let store = blobStore(storage), clock = ContinuousClock()
        let start = clock.now
        let hash = try await store.put(bytes)
        let written = clock.now
        let read = try await store.get(hash)
        let done = clock.now
        try await store.remove(hash)
        guard read == bytes else { throw BlobStoreError.missing(hash) }
        return (written - start, done - written)
    }
}
